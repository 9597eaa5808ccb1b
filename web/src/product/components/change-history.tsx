import { Box, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '../../lib/format';
import { FIELD_FORMATS, FIELD_LABELS, PANEL_TEXTS } from '../constants';
import type { PanelHistory } from '../use-product-panel';
import { displayValue } from './panel-parts';

/** Who changed what, when, from → to, and why (the product-data-changelog entries). */
export function ChangeHistory({ history }: { history: PanelHistory }) {
  if (history.status === 'loading')
    return (
      <Text fontSize="sm" color="fg.muted">
        {PANEL_TEXTS.loading}
      </Text>
    );
  if (history.status === 'error')
    return (
      <Text fontSize="sm" role="alert">
        {PANEL_TEXTS.historyLoadFailed}
      </Text>
    );
  if (history.lines.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted">
        {PANEL_TEXTS.noHistory}
      </Text>
    );
  return (
    <Stack as="ol" gap="2" listStyleType="none" data-testid="change-history">
      {history.lines.map((line) => (
        <Box as="li" key={line.id} fontSize="sm" borderBottomWidth="1px" borderColor="border.muted" pb="2">
          <Text>
            <Text as="strong">{FIELD_LABELS[line.field] ?? line.field}</Text>: {displayValue(line.from, FIELD_FORMATS[line.field] ?? 'number')} →{' '}
            {displayValue(line.to, FIELD_FORMATS[line.field] ?? 'number')}
          </Text>
          <Text color="fg.muted">
            {line.who} · {formatDateTime(line.when)}
          </Text>
          <Text fontStyle="italic">
            “{line.about}”
            {line.confirmation && (
              <Text as="span" fontStyle="normal" color="fg.muted">
                {' '}
                ({PANEL_TEXTS.confirmedInHistory(line.confirmation)})
              </Text>
            )}
            {line.removed && (
              <Text as="span" fontStyle="normal" color="fg.muted">
                {' '}
                ({PANEL_TEXTS.removedInHistory})
              </Text>
            )}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}
