import { Box, Button, Flex, HStack, Input, NativeSelect, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  filterRows,
  formatCell,
  nextSort,
  pageOf,
  parseFilterNumber,
  sortRows,
  type CellFormat,
  type CellValue,
  type FilterValue,
  type SortState,
} from './table-model';

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
}

const TEXTS = {
  min: 'Mín.',
  max: 'Máx.',
  filter: 'Filtrar',
  pageSize: 'Linhas por página',
  previous: 'Anterior',
  next: 'Próxima',
  empty: 'Nenhum registro.',
  expandHint: 'Clique duas vezes em uma linha para ver os detalhes.',
  details: 'Detalhes',
  showDetails: 'Mostrar detalhes',
  hideDetails: 'Ocultar detalhes',
} as const;

const isNumeric = (format: CellFormat | undefined) => format !== undefined && format !== 'text' && format !== 'datetime';

/** Sortable, filterable, optionally paginated table; rows expand on double-click (spec document 2 §2). */
export function DataTable<Row>({
  label,
  rows,
  columns,
  rowKey,
  paginated = false,
  initialSort = null,
  renderExpanded,
  emptyText = TEXTS.empty,
}: DataTableProps<Row>) {
  const [sort, setSort] = useState<SortState | null>(initialSort);
  const [filters, setFilters] = useState<Record<string, FilterValue | undefined>>({});
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [pageIndex, setPageIndex] = useState(0);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const filtered = useMemo(() => filterRows(rows, filters, (row, key) => byKey.get(key)?.value(row)), [rows, filters, byKey]);
  const sorted = useMemo(() => {
    const column = sort && byKey.get(sort.columnKey);
    return column && sort ? sortRows(filtered, column.value, sort.direction) : filtered;
  }, [filtered, sort, byKey]);
  const page = pageOf(sorted, paginated ? pageSize : null, pageIndex);
  const hasFilters = columns.some((c) => c.filter);
  const hasFooter = columns.some((c) => c.footer);

  const setFilter = (key: string, value: FilterValue | undefined) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPageIndex(0);
  };
  const toggle = (key: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  return (
    <Box>
      <Table.ScrollArea borderWidth="1px" rounded="md" bg="panel">
        <Table.Root size="sm" aria-label={label} stickyHeader>
          <Table.Header>
            <Table.Row>
              {columns.map((column) => {
                const direction = sort?.columnKey === column.key ? sort.direction : null;
                return (
                  <Table.ColumnHeader
                    key={column.key}
                    textAlign={isNumeric(column.format) ? 'end' : 'start'}
                    aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                    whiteSpace="nowrap"
                  >
                    {column.sortable === false ? (
                      column.header
                    ) : (
                      <Button variant="plain" size="xs" px="0" fontWeight="semibold" onClick={() => setSort((current) => nextSort(current, column.key))}>
                        {column.header}
                        {direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}
                      </Button>
                    )}
                  </Table.ColumnHeader>
                );
              })}
              {renderExpanded && (
                <Table.ColumnHeader w="1">
                  <VisuallyHidden>{TEXTS.details}</VisuallyHidden>
                </Table.ColumnHeader>
              )}
            </Table.Row>
            {hasFilters && (
              <Table.Row>
                {/* A column without a filter gets a plain cell: an empty header would name nothing. */}
                {columns.map((column) =>
                  column.filter ? (
                    <Table.ColumnHeader key={column.key} py="1">
                      <ColumnFilter column={column} onChange={(value) => setFilter(column.key, value)} />
                    </Table.ColumnHeader>
                  ) : (
                    <Table.Cell key={column.key} py="1" />
                  ),
                )}
                {renderExpanded && <Table.Cell py="1" />}
              </Table.Row>
            )}
          </Table.Header>
          <Table.Body>
            {page.rows.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={columns.length + (renderExpanded ? 1 : 0)} color="fg.muted">
                  {emptyText}
                </Table.Cell>
              </Table.Row>
            )}
            {page.rows.map((row) => {
              const key = rowKey(row);
              const open = expanded.has(key);
              return (
                <Fragment key={key}>
                  {/* A table row cannot carry aria-expanded (only a treegrid's can): the state belongs
                      to the row's details button, which also opens it from the keyboard. */}
                  <Table.Row data-row-key={key} onDoubleClick={renderExpanded ? () => toggle(key) : undefined} cursor={renderExpanded ? 'pointer' : undefined}>
                    {columns.map((column) => (
                      <Table.Cell key={column.key} textAlign={isNumeric(column.format) ? 'end' : 'start'} verticalAlign="top">
                        {column.render ? column.render(row) : formatCell(column.value(row), column.format)}
                      </Table.Cell>
                    ))}
                    {renderExpanded && (
                      <Table.Cell verticalAlign="top" textAlign="center">
                        <Button
                          variant="ghost"
                          size="2xs"
                          aria-expanded={open}
                          aria-label={open ? TEXTS.hideDetails : TEXTS.showDetails}
                          onClick={() => toggle(key)}
                        >
                          {open ? '▾' : '▸'}
                        </Button>
                      </Table.Cell>
                    )}
                  </Table.Row>
                  {renderExpanded && open && (
                    <Table.Row data-expanded-of={key} bg="bg.muted">
                      <Table.Cell colSpan={columns.length + 1}>{renderExpanded(row)}</Table.Cell>
                    </Table.Row>
                  )}
                </Fragment>
              );
            })}
          </Table.Body>
          {hasFooter && (
            <Table.Footer>
              <Table.Row>
                {columns.map((column) => (
                  <Table.Cell key={column.key} fontWeight="semibold" textAlign={isNumeric(column.format) ? 'end' : 'start'}>
                    {column.footer?.(filtered)}
                  </Table.Cell>
                ))}
                {renderExpanded && <Table.Cell />}
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
              {page.first}–{page.last} de {formatCell(page.total, 'integer') || '0'}
            </Text>
            <NativeSelect.Root size="sm" width="24">
              <NativeSelect.Field
                aria-label={TEXTS.pageSize}
                value={pageSize}
                onChange={(e) => {
                  setPageSize(Number(e.currentTarget.value));
                  setPageIndex(0);
                }}
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button size="xs" variant="outline" disabled={page.pageIndex === 0} onClick={() => setPageIndex(page.pageIndex - 1)}>
              {TEXTS.previous}
            </Button>
            <Button size="xs" variant="outline" disabled={page.pageIndex >= page.pageCount - 1} onClick={() => setPageIndex(page.pageIndex + 1)}>
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
        aria-label={`${TEXTS.filter} ${column.header}`}
        placeholder={TEXTS.filter}
        onChange={(e) => onChange({ kind: 'text', text: e.currentTarget.value })}
      />
    );
  }
  if (column.filter === 'number') {
    // A minimum and a maximum, both optional (spec document 2 §2).
    return (
      <HStack gap="1">
        {(['min', 'max'] as const).map((bound) => (
          <Input
            key={bound}
            size="xs"
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
