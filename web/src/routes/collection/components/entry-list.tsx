import { Box, Button, Text } from '@chakra-ui/react';
import { memo, type ComponentType } from 'react';
import { LIST_TEXTS } from '../constants';
import type { ListState } from '../use-collection-list';

interface EntryListProps {
  state: ListState;
  selectedId: string | undefined;
  onOpen(id: string): void;
  /** A list view's column beside each row's label (the product list's readiness). */
  RowBadge?: ComponentType<{ data: Record<string, unknown> }>;
}

/** The entries of the list panel, the open one highlighted (aria-current). */
export const EntryList = memo(function EntryList({ state, selectedId, onOpen, RowBadge }: EntryListProps) {
  if (state.status === 'loading') return <ListMessage>{LIST_TEXTS.loading}</ListMessage>;
  if (state.status === 'error') return <ListMessage alert>{LIST_TEXTS.failed}</ListMessage>;
  if (state.entries.length === 0) return <ListMessage>{LIST_TEXTS.empty}</ListMessage>;

  return (
    // No aria-label here or on the panel: names containing a collection title would make
    // getByLabel('<field title>') ambiguous in browser tests (Playwright matches substrings).
    <Box as="ul" data-testid="entry-list" m="0" p="0" px="2" pb="2">
      {state.entries.map((entry) => {
        const selected = entry.id === selectedId;
        return (
          <Box as="li" key={entry.id} listStyleType="none" display="flex" alignItems="center" gap="1">
            <Button
              variant="ghost"
              size="sm"
              flex="1"
              minW="0"
              justifyContent="flex-start"
              fontWeight={selected ? 'semibold' : 'normal'}
              bg={selected ? 'selected' : undefined}
              aria-current={selected ? 'true' : undefined}
              title={entry.label === entry.id ? undefined : entry.id}
              onClick={() => onOpen(entry.id)}
            >
              <Text as="span" truncate>
                {entry.label}
              </Text>
            </Button>
            {RowBadge && <RowBadge data={entry.data} />}
          </Box>
        );
      })}
    </Box>
  );
});

function ListMessage({ children, alert }: { children: string; alert?: boolean }) {
  return (
    <Text px="4" py="3" fontSize="sm" color={alert ? 'red.600' : 'fg.muted'} role={alert ? 'alert' : 'status'}>
      {children}
    </Text>
  );
}
