import { Alert, Button, HStack, Stack } from '@chakra-ui/react';
import type { FieldDefinition } from '@console/shared';
import { formatDateTime } from '../../lib/format';
import { summarizeValue } from '../values/display-json';
import { toDate } from '../values/timestamps';
import { fieldKey } from '../values/field-key';
import { CONFLICT_TEXTS } from '../texts';

/** Someone else's value for a field edited here (documents/remote-merge.ts keeps them). */
interface FieldConflict {
  remote: unknown;
}

/** Someone else's value, in one short line. */
function remoteValueText(value: unknown): string {
  if (value === undefined || value === null || value === '') return CONFLICT_TEXTS.empty;
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'object' && !Array.isArray(value)) {
    const date = toDate(value);
    if (date) return formatDateTime(date);
  }
  return summarizeValue(value);
}

interface ConflictListProps {
  conflicts: Readonly<Record<string, FieldConflict>>;
  fields: readonly FieldDefinition[];
  onResolve(key: string, keep: 'remote' | 'mine'): void;
}

/** Fields edited here and changed elsewhere: never overwritten silently, the user chooses. */
export function ConflictList({ conflicts, fields, onResolve }: ConflictListProps) {
  const keys = Object.keys(conflicts);
  if (keys.length === 0) return null;
  return (
    <Stack gap="2" px="6" pt="3" maxH="40vh" overflowY="auto">
      {keys.map((key) => {
        const title = fields.find((f) => fieldKey(f) === key)?.title ?? key;
        return (
          <Alert.Root key={key} status="warning" size="sm" data-testid="field-conflict" data-field={key}>
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{title}</Alert.Title>
              <Alert.Description>{CONFLICT_TEXTS.changedElsewhere(remoteValueText(conflicts[key]!.remote))}</Alert.Description>
            </Alert.Content>
            <HStack gap="2" alignSelf="center">
              <Button size="xs" variant="outline" onClick={() => onResolve(key, 'remote')}>
                {CONFLICT_TEXTS.useRemote}
              </Button>
              {/* orange.700: white text on the palette's own solid orange is below 4.5:1 (axe). */}
              <Button size="xs" variant="solid" colorPalette="orange" bg="orange.700" _hover={{ bg: 'orange.800' }} onClick={() => onResolve(key, 'mine')}>
                {CONFLICT_TEXTS.keepMine}
              </Button>
            </HStack>
          </Alert.Root>
        );
      })}
    </Stack>
  );
}
