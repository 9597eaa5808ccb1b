/**
 * The data table's own rules, which TanStack Table applies (DataTable.tsx): the pt-BR order of two
 * cells, what a filter lets through, the page sizes and cell formatting (spec document 2 §2 'Data
 * table component', §9).
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

/** A cell with nothing in it: sorted last in both directions, never matched by a bound. */
export const isEmptyCell = (value: CellValue): boolean =>
  value === null || value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value));

function comparable(value: CellValue): number | string {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value as number | string;
}

/** Ascending order of two cell values: numbers and dates by value, text in pt-BR order; empty cells last. */
export function compareCells(a: CellValue, b: CellValue): number {
  const emptyA = isEmptyCell(a);
  const emptyB = isEmptyCell(b);
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  const x = comparable(a);
  const y = comparable(b);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return collator.compare(String(x), String(y));
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
    return !isEmptyCell(value) && fold(value instanceof Date ? value.toISOString() : String(value)).includes(wanted);
  }
  if (filter.min === null && filter.max === null) return true;
  const number = typeof value === 'number' ? value : value instanceof Date ? value.getTime() : Number.NaN;
  if (Number.isNaN(number)) return false;
  return (filter.min === null || number >= filter.min) && (filter.max === null || number <= filter.max);
}

/** The shared reader: pt-BR ('1.234,5') or plain ('1234.5'); blank or unreadable is no bound. */
export function parseFilterNumber(text: string): number | null {
  return readBrazilianNumber(text);
}

/** A plain cell value as text, numbers and money in pt-BR and BRL. */
export function formatCell(value: CellValue, format: CellFormat = 'text'): string {
  if (isEmptyCell(value)) return '';
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
