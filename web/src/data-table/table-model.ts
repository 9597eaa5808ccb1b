/**
 * The data table's pure logic: sorting, filtering, pagination and cell formatting (spec document 2
 * §2 'Data table component', §9). The React component only renders what these return.
 */
import { readBrazilianNumber } from '@console/shared';
import { formatDateTime, formatMoney, formatNumber, formatPercent } from '../lib/format';

/** Spec §9: page sizes offered, the default, and the most rows ever shown at once. */
export const PAGE_SIZES = [50, 500, 1000] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 50;
export const MAX_ROWS_SHOWN = 1000;

/** What a column sorts and filters on; its rendering may show something richer. */
export type CellValue = string | number | boolean | Date | null | undefined;

/** How a plain value is shown: numbers and money in pt-BR and BRL. */
export type CellFormat = 'text' | 'integer' | 'number' | 'money' | 'percent' | 'datetime';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  columnKey: string;
  direction: SortDirection;
}

/** A text filter matches a substring; a numeric filter takes a minimum and a maximum (both optional). */
export type FilterValue = { kind: 'text'; text: string } | { kind: 'number'; min: number | null; max: number | null };

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

const isEmpty = (value: CellValue) => value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));

function comparable(value: CellValue): number | string {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value as number | string;
}

/** Ascending order of two cell values: numbers and dates by value, text in pt-BR order; empty cells last. */
export function compareCells(a: CellValue, b: CellValue): number {
  const emptyA = isEmpty(a);
  const emptyB = isEmpty(b);
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  const x = comparable(a);
  const y = comparable(b);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return collator.compare(String(x), String(y));
}

/** A stable sort of `rows` by `valueOf`; empty cells stay last in both directions. */
export function sortRows<Row>(rows: readonly Row[], valueOf: (row: Row) => CellValue, direction: SortDirection): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row) }))
    .sort((a, b) => {
      const emptyA = isEmpty(a.value);
      const emptyB = isEmpty(b.value);
      if (emptyA !== emptyB) return emptyA ? 1 : -1;
      return sign * compareCells(a.value, b.value) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** Clicking a header: a new column sorts ascending, the same column flips direction. */
export function nextSort(current: SortState | null, columnKey: string): SortState {
  if (current?.columnKey !== columnKey) return { columnKey, direction: 'asc' };
  return { columnKey, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Whether one cell passes a filter; an empty filter lets everything through. */
export function matchesFilter(value: CellValue, filter: FilterValue | undefined): boolean {
  if (!filter) return true;
  if (filter.kind === 'text') {
    const wanted = fold(filter.text.trim());
    if (!wanted) return true;
    return !isEmpty(value) && fold(value instanceof Date ? value.toISOString() : String(value)).includes(wanted);
  }
  if (filter.min === null && filter.max === null) return true;
  const number = typeof value === 'number' ? value : value instanceof Date ? value.getTime() : Number.NaN;
  if (Number.isNaN(number)) return false;
  return (filter.min === null || number >= filter.min) && (filter.max === null || number <= filter.max);
}

/** Rows passing every column's filter. */
export function filterRows<Row>(
  rows: readonly Row[],
  filters: Readonly<Record<string, FilterValue | undefined>>,
  valueOf: (row: Row, columnKey: string) => CellValue,
): Row[] {
  const active = Object.entries(filters).filter(([, f]) => f !== undefined);
  if (active.length === 0) return [...rows];
  return rows.filter((row) => active.every(([key, filter]) => matchesFilter(valueOf(row, key), filter)));
}

/** The shared reader: pt-BR ('1.234,5') or plain ('1234.5'); blank or unreadable is no bound. */
export function parseFilterNumber(text: string): number | null {
  return readBrazilianNumber(text);
}

export interface Page<Row> {
  rows: Row[];
  /** Zero-based, clamped to the pages that exist. */
  pageIndex: number;
  pageCount: number;
  /** 1-based positions of the first and last row shown, 0 and 0 when nothing is shown. */
  first: number;
  last: number;
  total: number;
}

/**
 * The rows to show. With pagination, one page of `pageSize`; without, the first rows. Never more
 * than MAX_ROWS_SHOWN (spec §9), so a large result cannot freeze the browser.
 */
export function pageOf<Row>(rows: readonly Row[], pageSize: number | null, pageIndex = 0): Page<Row> {
  const size = Math.min(pageSize ?? MAX_ROWS_SHOWN, MAX_ROWS_SHOWN);
  const pageCount = Math.max(1, Math.ceil(rows.length / size));
  const index = pageSize === null ? 0 : Math.min(Math.max(0, pageIndex), pageCount - 1);
  const start = index * size;
  const shown = rows.slice(start, start + size);
  return {
    rows: shown,
    pageIndex: index,
    pageCount: pageSize === null ? 1 : pageCount,
    first: shown.length ? start + 1 : 0,
    last: start + shown.length,
    total: rows.length,
  };
}

/** A plain cell value as text, numbers and money in pt-BR and BRL. */
export function formatCell(value: CellValue, format: CellFormat = 'text'): string {
  if (isEmpty(value)) return '';
  if (value instanceof Date) return formatDateTime(value);
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') {
    switch (format) {
      case 'integer':
        return formatNumber(value, 0);
      case 'money':
        return formatMoney(value);
      case 'percent':
        return formatPercent(value);
      default:
        return formatNumber(value);
    }
  }
  return String(value);
}
