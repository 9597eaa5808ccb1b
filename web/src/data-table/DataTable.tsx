import { Box, Button, Flex, HStack, Input, NativeSelect, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Fragment, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import {
  columnFilteringFeature,
  columnPinningFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type Column,
  type ColumnDef,
  type ColumnFiltersState,
  type ExpandedState,
  type PaginationState,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { ColumnChooser } from './column-chooser';
import { readPreferences, writePreferences, clearPreferences, type ColumnPreferences } from './column-preferences';
import {
  DEFAULT_PAGE_SIZE,
  MAX_ROWS_SHOWN,
  PAGE_SIZES,
  compareCells,
  formatCell,
  isEmptyCell,
  matchesFilter,
  parseFilterNumber,
  type CellFormat,
  type CellValue,
  type FilterValue,
  type SortState,
} from './table-model';
import { DATA_TABLE_TEXTS as TEXTS } from './texts';

export interface DataTableColumn<Row> {
  key: string;
  header: string;
  /** The value sorted, filtered and (without `render`) shown. */
  value(row: Row): CellValue;
  /** A richer cell (links, several lines); the sort and filters still use `value`. */
  render?(row: Row): ReactNode;
  format?: CellFormat;
  /** Sortable unless false. */
  sortable?: boolean;
  filter?: 'text' | 'number';
  /** Footer cell, computed from the rows passing the filters (totals, counts). */
  footer?(rows: readonly Row[]): ReactNode;
  /** Width in pixels when pinned (a pinned column has a fixed width so the next one knows where to stick). */
  pinnedWidth?: number;
}

export interface DataTableProps<Row> {
  /** Accessible name of the table. */
  label: string;
  rows: readonly Row[];
  columns: readonly DataTableColumn<Row>[];
  rowKey(row: Row): string;
  /** Pages of 50, 500 or 1000 rows; without it the first 1000 rows are shown. */
  paginated?: boolean;
  initialSort?: SortState | null;
  /** Shown under a row when it is double-clicked. */
  renderExpanded?(row: Row): ReactNode;
  emptyText?: string;
  /**
   * The operator chooses which columns to show and which to pin ('Colunas'), remembered in this
   * browser under this id. Without it every column is shown and nothing is pinned.
   */
  preferencesId?: string;
  /** Columns hidden until the operator shows them (with `preferencesId`). */
  defaultHidden?: readonly string[];
  /** Columns pinned at the start until the operator unpins them (with `preferencesId`). */
  defaultPinned?: readonly string[];
}

const isNumeric = (format: CellFormat | undefined) => format !== undefined && format !== 'text' && format !== 'datetime';
const DEFAULT_PINNED_WIDTH = 160;
const DETAILS_COLUMN = '__details';

// The table's features, registered once: sorting, per-column filters, pages, the columns the
// operator shows and pins (sizes give pinned columns their sticky offsets), and row details.
const features = tableFeatures({
  columnFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  columnVisibilityFeature,
  columnSizingFeature,
  columnPinningFeature,
  rowExpandingFeature,
});
type Features = typeof features;

/**
 * Sortable, filterable, optionally paginated table; rows expand on double-click (spec document 2
 * §2 'Data table component'). TanStack Table runs the rows through its row models; this component
 * lays them out, in Portuguese, with our cell formats and the pt-BR order of table-model.ts.
 */
export function DataTable<Row extends RowData>({
  label,
  rows,
  columns,
  rowKey,
  paginated = false,
  initialSort = null,
  renderExpanded,
  emptyText = TEXTS.empty,
  preferencesId,
  defaultHidden = [],
  defaultPinned = [],
}: DataTableProps<Row>) {
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const columnKeys = useMemo(() => columns.map((c) => c.key), [columns]);
  const defaults = useMemo<ColumnPreferences>(
    () => ({ visible: columnKeys.filter((k) => !defaultHidden.includes(k)), pinned: defaultPinned.filter((k) => columnKeys.includes(k)) }),
    // The default lists are usually literals: compared by content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columnKeys, defaultHidden.join(), defaultPinned.join()],
  );
  const [preferences, setPreferences] = useState<ColumnPreferences>(() => (preferencesId ? readPreferences(preferencesId, columnKeys, defaults) : defaults));
  const choose = (next: ColumnPreferences) => {
    setPreferences(next);
    if (preferencesId) writePreferences(preferencesId, next, columnKeys);
  };
  const reset = () => {
    setPreferences(defaults);
    if (preferencesId) clearPreferences(preferencesId);
  };

  const [sorting, setSorting] = useState<SortingState>(initialSort ? [{ id: initialSort.columnKey, desc: initialSort.direction === 'desc' }] : []);
  const [columnFilters, setColumnFilters] = useState<ColumnFiltersState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: paginated ? DEFAULT_PAGE_SIZE : MAX_ROWS_SHOWN });
  const [expanded, setExpanded] = useState<ExpandedState>({});

  const columnDefs = useMemo<ColumnDef<Features, Row>[]>(() => {
    const defs: ColumnDef<Features, Row>[] = columns.map((column) => ({
      id: column.key,
      header: column.header,
      // Empty cells as undefined: TanStack keeps them last in both directions (sortUndefined).
      accessorFn: (row: Row) => {
        const value = column.value(row);
        return isEmptyCell(value) ? undefined : value;
      },
      enableSorting: column.sortable !== false,
      sortUndefined: 'last',
      sortFn: (a, b, id) => compareCells(a.getValue<CellValue>(id), b.getValue<CellValue>(id)),
      enableColumnFilter: column.filter !== undefined,
      filterFn: Object.assign((row: { getValue<T>(id: string): T }, id: string, filter: FilterValue) => matchesFilter(row.getValue<CellValue>(id), filter), {
        autoRemove: (filter: FilterValue | undefined) => !filter || (filter.kind === 'text' ? !filter.text.trim() : filter.min === null && filter.max === null),
      }),
      size: column.pinnedWidth ?? DEFAULT_PINNED_WIDTH,
    }));
    if (renderExpanded) defs.push({ id: DETAILS_COLUMN, header: TEXTS.details, enableSorting: false, enableHiding: false, size: 48 });
    return defs;
  }, [columns, renderExpanded]);

  const columnVisibility = useMemo(() => Object.fromEntries(columnKeys.map((k) => [k, preferences.visible.includes(k)])), [columnKeys, preferences.visible]);
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows as Row[],
    getRowId: (row: Row) => rowKey(row),
    getRowCanExpand: () => renderExpanded !== undefined,
    state: {
      sorting,
      columnFilters,
      pagination,
      expanded,
      columnVisibility,
      columnPinning: { start: preferences.pinned, end: renderExpanded ? [DETAILS_COLUMN] : [] },
    },
    onSortingChange: setSorting,
    onColumnFiltersChange: setColumnFilters,
    onPaginationChange: setPagination,
    onExpandedChange: setExpanded,
    enableSortingRemoval: false,
    enableMultiSort: false,
    autoResetPageIndex: true,
  });

  const visibleColumns = table.getVisibleLeafColumns();
  const ours = (column: Column<Features, Row, unknown>) => byKey.get(column.id);
  const hasFilters = visibleColumns.some((c) => ours(c)?.filter);
  const hasFooter = visibleColumns.some((c) => ours(c)?.footer);
  const pageRows = table.getRowModel().rows;
  const total = table.getPrePaginatedRowModel().rows.length;
  const { pageIndex, pageSize } = table.state.pagination;
  const first = pageRows.length ? pageIndex * pageSize + 1 : 0;
  const last = first ? first + pageRows.length - 1 : 0;

  // A pinned column sticks at its offset; the details button sticks at the end.
  const lastPinned = preferences.pinned.filter((k) => preferences.visible.includes(k)).at(-1);
  const stickTo = (column: Column<Features, Row, unknown>, header = false): CSSProperties | undefined => {
    const pinned = column.getIsPinned();
    if (!pinned) return undefined;
    return {
      position: 'sticky',
      insetInlineStart: pinned === 'start' ? column.getStart('start') : undefined,
      insetInlineEnd: pinned === 'end' ? column.getAfter('end') : undefined,
      width: column.getSize(),
      minWidth: column.getSize(),
      maxWidth: column.getSize(),
      zIndex: header ? 3 : 1,
      overflowWrap: 'anywhere',
      background: 'var(--chakra-colors-bg-panel)',
      boxShadow: column.id === lastPinned ? 'inset -1px 0 0 var(--chakra-colors-border)' : undefined,
    };
  };

  return (
    <Box>
      {preferencesId && (
        <HStack mb="2" justify="flex-end">
          <ColumnChooser
            tableLabel={label}
            columns={columns.map((c) => ({ key: c.key, header: c.header }))}
            preferences={preferences}
            onChange={choose}
            onReset={reset}
          />
        </HStack>
      )}
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="panel">
        <Table.Root size="sm" aria-label={label} stickyHeader>
          <Table.Header>
            <Table.Row>
              {visibleColumns.map((column) => {
                if (column.id === DETAILS_COLUMN)
                  return (
                    <Table.ColumnHeader key={column.id} w="1" style={stickTo(column, true)}>
                      <VisuallyHidden>{TEXTS.details}</VisuallyHidden>
                    </Table.ColumnHeader>
                  );
                const own = ours(column)!;
                const direction = column.getIsSorted();
                return (
                  <Table.ColumnHeader
                    key={column.id}
                    data-column={column.id}
                    textAlign={isNumeric(own.format) ? 'end' : 'start'}
                    aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                    whiteSpace="nowrap"
                    style={stickTo(column, true)}
                  >
                    {column.getCanSort() ? (
                      <Button variant="plain" size="xs" px="0" fontWeight="semibold" onClick={column.getToggleSortingHandler()}>
                        {own.header}
                        {direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}
                      </Button>
                    ) : (
                      own.header
                    )}
                  </Table.ColumnHeader>
                );
              })}
            </Table.Row>
            {hasFilters && (
              <Table.Row>
                {/* A column without a filter gets a plain cell: an empty header would name nothing. */}
                {visibleColumns.map((column) => {
                  const own = ours(column);
                  return own?.filter ? (
                    <Table.ColumnHeader key={column.id} py="1" style={stickTo(column, true)}>
                      <ColumnFilter column={own} onChange={(value) => column.setFilterValue(value)} />
                    </Table.ColumnHeader>
                  ) : (
                    <Table.Cell key={column.id} py="1" style={stickTo(column, true)} />
                  );
                })}
              </Table.Row>
            )}
          </Table.Header>
          <Table.Body>
            {pageRows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={visibleColumns.length} color="fg.muted">
                  {emptyText}
                </Table.Cell>
              </Table.Row>
            )}
            {pageRows.map((row) => {
              const open = row.getIsExpanded();
              return (
                <Fragment key={row.id}>
                  {/* A table row cannot carry aria-expanded (only a treegrid's can): the state belongs
                      to the row's details button, which also opens it from the keyboard. */}
                  <Table.Row
                    data-row-key={row.id}
                    onDoubleClick={renderExpanded ? () => row.toggleExpanded() : undefined}
                    cursor={renderExpanded ? 'pointer' : undefined}
                  >
                    {row.getVisibleCells().map((cell) => {
                      if (cell.column.id === DETAILS_COLUMN)
                        return (
                          <Table.Cell key={cell.id} verticalAlign="top" textAlign="center" style={stickTo(cell.column)}>
                            <Button
                              variant="ghost"
                              size="2xs"
                              aria-expanded={open}
                              aria-label={open ? TEXTS.hideDetails : TEXTS.showDetails}
                              onClick={() => row.toggleExpanded()}
                            >
                              {open ? '▾' : '▸'}
                            </Button>
                          </Table.Cell>
                        );
                      const own = ours(cell.column)!;
                      return (
                        <Table.Cell key={cell.id} textAlign={isNumeric(own.format) ? 'end' : 'start'} verticalAlign="top" style={stickTo(cell.column)}>
                          {own.render ? own.render(row.original) : formatCell(own.value(row.original), own.format)}
                        </Table.Cell>
                      );
                    })}
                  </Table.Row>
                  {renderExpanded && open && (
                    <Table.Row data-expanded-of={row.id} bg="bg.muted">
                      <Table.Cell colSpan={visibleColumns.length}>{renderExpanded(row.original)}</Table.Cell>
                    </Table.Row>
                  )}
                </Fragment>
              );
            })}
          </Table.Body>
          {hasFooter && (
            <Table.Footer>
              <Table.Row>
                {visibleColumns.map((column) => {
                  const own = ours(column);
                  return (
                    <Table.Cell key={column.id} fontWeight="semibold" textAlign={isNumeric(own?.format) ? 'end' : 'start'} style={stickTo(column)}>
                      {own?.footer?.(table.getFilteredRowModel().rows.map((r) => r.original))}
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            </Table.Footer>
          )}
        </Table.Root>
      </Table.ScrollArea>
      <Flex mt="2" gap="4" align="center" justify="space-between" wrap="wrap" fontSize="sm" color="fg.muted">
        <Text>{renderExpanded ? TEXTS.expandHint : ''}</Text>
        {paginated && (
          <HStack gap="3">
            <Text>
              {first}–{last} de {formatCell(total, 'integer') || '0'}
            </Text>
            <NativeSelect.Root size="sm" width="24">
              <NativeSelect.Field aria-label={TEXTS.pageSize} value={pageSize} onChange={(e) => table.setPageSize(Number(e.currentTarget.value))}>
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button size="xs" variant="outline" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
              {TEXTS.previous}
            </Button>
            <Button size="xs" variant="outline" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
              {TEXTS.next}
            </Button>
          </HStack>
        )}
      </Flex>
    </Box>
  );
}

function ColumnFilter<Row>({ column, onChange }: { column: DataTableColumn<Row>; onChange(value: FilterValue | undefined): void }) {
  const [bounds, setBounds] = useState({ min: '', max: '' });
  if (column.filter === 'text') {
    return (
      <Input
        size="xs"
        minW="24"
        aria-label={`${TEXTS.filter} ${column.header}`}
        placeholder={TEXTS.filter}
        onChange={(e) => onChange({ kind: 'text', text: e.currentTarget.value })}
      />
    );
  }
  if (column.filter === 'number') {
    // A minimum and a maximum, both optional (spec document 2 §2); each wide enough for its
    // placeholder ('Mín.', 'Máx.') and a few digits.
    return (
      <HStack gap="1" minW="36">
        {(['min', 'max'] as const).map((bound) => (
          <Input
            key={bound}
            size="xs"
            minW="16"
            px="2"
            inputMode="decimal"
            aria-label={`${column.header} ${TEXTS[bound]}`}
            placeholder={TEXTS[bound]}
            value={bounds[bound]}
            onChange={(e) => {
              const next = { ...bounds, [bound]: e.currentTarget.value };
              setBounds(next);
              onChange({ kind: 'number', min: parseFilterNumber(next.min), max: parseFilterNumber(next.max) });
            }}
          />
        ))}
      </HStack>
    );
  }
  return null;
}
