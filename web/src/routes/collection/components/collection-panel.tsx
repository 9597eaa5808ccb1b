import { SidePanel } from '../../../app/side-panel';
import { Box, Button, Heading, HStack, Input } from '@chakra-ui/react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { CollectionDefinition } from '@console/shared';
import { ADD_DOC_ID, documentPath } from '../../../app/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { FILTER_DEBOUNCE_MS, LIST_TEXTS } from '../constants';
import { useCollectionList } from '../use-collection-list';
import { CsvExportButton, CsvImportButton } from '../../../csv/ui';
import { EntryList } from './entry-list';
import { CollectionListActions, listViewOf } from '../../../collection-extensions';

interface CollectionPanelProps {
  projectId: string;
  definition: CollectionDefinition;
  selectedId: string | undefined;
}

/** A list without a list view shares nothing. */
function NoProvider({ children }: { projectId: string; children: ReactNode }) {
  return <>{children}</>;
}

/** Left panel (spec: 300 px): title, filter, CSV buttons, Add and the realtime list. */
export function CollectionPanel({ projectId, definition, selectedId }: CollectionPanelProps) {
  const navigate = useNavigate();
  const [filterText, setFilterText] = useState('');
  const filter = useDebouncedValue(filterText, FILTER_DEBOUNCE_MS);
  // While a CSV import writes, the realtime list is paused (see CsvImportButton's onWritingChange).
  const [importing, setImporting] = useState(false);
  // A collection's own filter and column (the product list's readiness), when its extension has one.
  const listView = useMemo(() => listViewOf(definition.id, projectId), [definition.id, projectId]);
  // Opened with ?<view id>=<value> (the home screen's links: /console/product?readiness=magalu).
  const [searchParams] = useSearchParams();
  const [viewFilter, setViewFilter] = useState(() => (listView ? (searchParams.get(listView.id) ?? '') : ''));
  const extra = useMemo(() => listView?.constraints(viewFilter) ?? [], [listView, viewFilter]);
  const list = useCollectionList(projectId, definition, filter, !importing, extra);
  const ViewProvider = listView?.Provider ?? NoProvider;

  // Opening an entry only changes :docId, so this panel (and its subscription) stays mounted.
  const open = useCallback((id: string) => navigate(documentPath(definition.id, id), { replace: false }), [navigate, definition.id]);

  return (
    <ViewProvider projectId={projectId}>
      <SidePanel data-testid="collection-panel">
        <Box p="3" pb="2">
          <Heading as="h1" size="md" mb="3" truncate>
            {definition.title}
          </Heading>
          <Input
            size="sm"
            aria-label={LIST_TEXTS.filterLabel}
            placeholder={definition.filter.label ?? LIST_TEXTS.filterLabel}
            value={filterText}
            onChange={(e) => setFilterText(e.target.value)}
          />
          {listView && <listView.Filter value={viewFilter} onChange={setViewFilter} />}
          {/* The buttons wrap inside the 300 px panel (a collection's own, like 'Carregar templates', add to them). */}
          <HStack mt="2" gap="2" wrap="wrap">
            <CsvExportButton projectId={projectId} definition={definition} />
            <CsvImportButton projectId={projectId} definition={definition} onWritingChange={setImporting} />
            <CollectionListActions projectId={projectId} collectionId={definition.id} />
            <Button size="xs" colorPalette="blue" ms="auto" onClick={() => navigate(documentPath(definition.id, ADD_DOC_ID))}>
              {LIST_TEXTS.add}
            </Button>
          </HStack>
        </Box>
        <Box flex="1" minH="0" overflowY="auto">
          <EntryList projectId={projectId} collectionId={definition.id} state={list} selectedId={selectedId} onOpen={open} RowBadge={listView?.RowBadge} />
        </Box>
      </SidePanel>
    </ViewProvider>
  );
}
