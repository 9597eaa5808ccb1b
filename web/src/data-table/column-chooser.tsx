import { Box, Button, Checkbox, HStack, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { togglePinned, toggleVisible, type ColumnPreferences } from './column-preferences';
import { DATA_TABLE_TEXTS as TEXTS } from './texts';

interface ColumnChooserProps {
  tableLabel: string;
  columns: readonly { key: string; header: string }[];
  preferences: ColumnPreferences;
  onChange(next: ColumnPreferences): void;
  onReset(): void;
}

/** 'Colunas': a checkbox per column to show it, and a toggle to pin it at the start. */
export function ColumnChooser({ tableLabel, columns, preferences, onChange, onReset }: ColumnChooserProps) {
  const keys = columns.map((c) => c.key);
  return (
    <Popover.Root lazyMount unmountOnExit positioning={{ placement: 'bottom-end' }}>
      <Popover.Trigger asChild>
        <Button size="xs" variant="outline">
          {TEXTS.columns} ({preferences.visible.length}/{columns.length})
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="xs">
            <Popover.Body p="3">
              <Stack as="fieldset" gap="1" aria-label={TEXTS.columnsOf(tableLabel)}>
                <Text as="legend" fontSize="xs" color="fg.muted" mb="1">
                  {TEXTS.chooserHint}
                </Text>
                {columns.map((column) => {
                  const shown = preferences.visible.includes(column.key);
                  const pinned = preferences.pinned.includes(column.key);
                  return (
                    <HStack key={column.key} justify="space-between" gap="2">
                      <Checkbox.Root size="sm" checked={shown} onCheckedChange={() => onChange(toggleVisible(preferences, column.key, keys))}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{column.header}</Checkbox.Label>
                      </Checkbox.Root>
                      <Button
                        size="2xs"
                        variant={pinned ? 'subtle' : 'ghost'}
                        aria-pressed={pinned}
                        aria-label={TEXTS.pin(column.header)}
                        onClick={() => onChange(togglePinned(preferences, column.key, keys))}
                      >
                        {pinned ? TEXTS.pinned : TEXTS.notPinned}
                      </Button>
                    </HStack>
                  );
                })}
              </Stack>
              <Box mt="3" pt="2" borderTopWidth="1px">
                <HStack justify="space-between">
                  <Text fontSize="xs" color="fg.muted">
                    {TEXTS.choiceKept}
                  </Text>
                  <Button size="2xs" variant="outline" onClick={onReset}>
                    {TEXTS.reset}
                  </Button>
                </HStack>
              </Box>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
