import { Box, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import type { BulkSyncStats, ErrorGroup } from '../bulk-sync-stats';
import { formatDuration } from '../bulk-sync-stats';
import { SYNC_TEXTS } from '../constants';

const number = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="md" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

/** Done, errors, remaining, rate and time left, then the errors grouped by cause. */
export function SyncStats({ stats, errorGroups }: { stats: BulkSyncStats; errorGroups: ErrorGroup[] }) {
  return (
    <Stack gap="3">
      <HStack gap="6" wrap="wrap" data-testid="sync-stats">
        <Figure label="Concluídos" value={`${stats.done} de ${stats.total}`} testId="sync-done" />
        <Figure label="Com erro" value={String(stats.errors)} testId="sync-errors" />
        <Figure label="Restantes" value={String(stats.remaining)} testId="sync-remaining" />
        <Figure label="Ritmo" value={stats.ratePerSecond === null ? '—' : `${number.format(stats.ratePerSecond)} códigos/s`} testId="sync-rate" />
        <Figure label="Tempo restante" value={stats.secondsLeft === null ? '—' : formatDuration(stats.secondsLeft)} testId="sync-time-left" />
      </HStack>
      {errorGroups.length > 0 && (
        <chakra.details borderWidth="1px" borderColor="red.200" rounded="md" px="3" py="2" data-testid="sync-error-groups">
          <chakra.summary cursor="pointer" fontSize="sm" fontWeight="medium" color="red.700">
            {SYNC_TEXTS.errorsByCause} ({errorGroups.length})
          </chakra.summary>
          <Stack as="ul" gap="1.5" mt="2" ps="0" m="0">
            {errorGroups.map((group) => (
              <Box as="li" key={group.cause} listStyleType="none" fontSize="sm" data-testid="sync-error-group">
                <Text>
                  <strong>{group.codes.length}×</strong> {group.cause}
                </Text>
                <Text fontSize="xs" color="fg.muted" fontFamily="mono" lineClamp={2}>
                  {group.codes.join(', ')}
                </Text>
              </Box>
            ))}
          </Stack>
        </chakra.details>
      )}
    </Stack>
  );
}
