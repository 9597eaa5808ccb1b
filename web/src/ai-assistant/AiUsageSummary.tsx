import { Box, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { consoleAiUsageEndpoint, type AiUsageAnswer } from '@console/shared';
import { callApi } from '../lib/api';
import { formatNumber } from '../lib/format';
import { ASSISTANT_TEXTS } from './constants';

/** 'product-text:title' → 'Textos de produto (title)'. */
function purposeLabel(purpose: string): string {
  const [kind, detail] = purpose.split(':');
  const label = ASSISTANT_TEXTS.usagePurposes[kind ?? ''] ?? purpose;
  return detail ? `${label} (${detail})` : label;
}

/**
 * The project's AI use this month, for admins (README 'Usage for admins' in functions/src/ai):
 * tokens against the budget, and calls by purpose, read from the usage ledger when the panel opens.
 */
export function AiUsageSummary({ project }: { project: string }) {
  const [usage, setUsage] = useState<AiUsageAnswer | 'error' | null>(null);
  useEffect(() => {
    let live = true;
    callApi(consoleAiUsageEndpoint, { project }).then(
      (answer) => live && setUsage(answer),
      () => live && setUsage('error'),
    );
    return () => {
      live = false;
    };
  }, [project]);
  if (usage === null) return null;
  if (usage === 'error')
    return (
      <Text px="4" py="2" fontSize="xs" color="fg.muted" borderBottomWidth="1px">
        {ASSISTANT_TEXTS.usageFailed}
      </Text>
    );
  return (
    <Box as="details" px="4" py="2" fontSize="xs" borderBottomWidth="1px" data-testid="ai-usage">
      <Box as="summary" cursor="pointer" color="fg.muted">
        {ASSISTANT_TEXTS.usage(usage.month)}:{' '}
        {ASSISTANT_TEXTS.usageTokens(formatNumber(usage.tokens, 0), formatNumber(usage.budget, 0), formatNumber(usage.remaining, 0))}
      </Box>
      <Stack as="ul" gap="0" mt="1" ps="4" listStyleType="disc">
        <li>{ASSISTANT_TEXTS.usageCalls(formatNumber(usage.calls, 0))}</li>
        {usage.byPurpose.map((row) => (
          <li key={row.purpose} data-testid="ai-usage-purpose">
            {purposeLabel(row.purpose)}: {ASSISTANT_TEXTS.usageCalls(formatNumber(row.calls, 0))}, {formatNumber(row.tokens, 0)} tokens
          </li>
        ))}
      </Stack>
    </Box>
  );
}
