import { Box, Text, chakra } from '@chakra-ui/react';
import { memo, type ComponentType } from 'react';
import { useEntryTitles } from '../../../collection-extensions';
import { LIST_TEXTS } from '../constants';
import type { ListState } from '../use-collection-list';

interface EntryListProps {
  projectId: string;
  collectionId: string;
  state: ListState;
  selectedId: string | undefined;
  onOpen(id: string): void;
  /** A list view's column beside each row's label (the product list's readiness). */
  RowBadge?: ComponentType<{ data: Record<string, unknown> }>;
}

const NO_ENTRIES: never[] = [];

/**
 * The entries of the list panel, the open one highlighted (aria-current). Each shows its whole
 * name (wrapped, never cut; the hover repeats it) and, below, what tells it from its neighbours
 * (the collection's second line: price and status for products, the last message for conversations).
 */
export const EntryList = memo(function EntryList({ projectId, collectionId, state, selectedId, onOpen, RowBadge }: EntryListProps) {
  const titles = useEntryTitles(collectionId, projectId, state.status === 'ready' ? state.entries : NO_ENTRIES);
  if (state.status === 'loading') return <ListMessage>{LIST_TEXTS.loading}</ListMessage>;
  if (state.status === 'error') return <ListMessage alert>{LIST_TEXTS.failed}</ListMessage>;
  if (state.entries.length === 0) return <ListMessage>{LIST_TEXTS.empty}</ListMessage>;

  return (
    // No aria-label here or on the panel: names containing a collection title would make
    // getByLabel('<field title>') ambiguous in browser tests (Playwright matches substrings).
    <Box as="ul" data-testid="entry-list" m="0" p="0" px="2" pb="2">
      {state.entries.map((entry) => {
        const selected = entry.id === selectedId;
        const title = titles.get(entry.id) ?? entry.label;
        return (
          <Box as="li" key={entry.id} listStyleType="none" display="flex" alignItems="center" gap="1">
            <chakra.button
              type="button"
              display="block"
              flex="1"
              minW="0"
              textAlign="start"
              px="3"
              py="1.5"
              rounded="l2"
              fontSize="sm"
              cursor="pointer"
              fontWeight={selected ? 'semibold' : 'normal'}
              bg={selected ? 'selected' : undefined}
              _hover={{ bg: selected ? 'selected' : 'bg.muted' }}
              _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' }}
              aria-current={selected ? 'true' : undefined}
              title={entry.detail ? `${title}\n${entry.detail}` : title}
              data-entry-id={entry.id}
              onClick={() => onOpen(entry.id)}
            >
              <Text as="span" display="block" lineHeight="short" overflowWrap="anywhere" data-part="entry-title">
                {title}
              </Text>
              {entry.detail && (
                <Text as="span" display="block" fontSize="xs" color="fg.muted" fontWeight="normal" lineClamp={1} data-part="entry-detail">
                  {entry.detail}
                </Text>
              )}
            </chakra.button>
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
