import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  MAX_ROWS_SHOWN,
  PAGE_SIZES,
  filterRows,
  formatCell,
  matchesFilter,
  nextSort,
  pageOf,
  parseFilterNumber,
  sortRows,
} from './table-model';

interface Sale {
  name: string;
  total: number | null;
  at?: Date;
}
const sales: Sale[] = [
  { name: 'Panela', total: 120 },
  { name: 'ávila', total: null },
  { name: 'Faca', total: 35.5 },
  { name: 'Abridor', total: 120 },
];

describe('sortRows', () => {
  it('sorts numbers ascending and descending, keeping equal rows in their order and empty cells last', () => {
    expect(sortRows(sales, (s) => s.total, 'asc').map((s) => s.name)).toEqual(['Faca', 'Panela', 'Abridor', 'ávila']);
    expect(sortRows(sales, (s) => s.total, 'desc').map((s) => s.name)).toEqual(['Panela', 'Abridor', 'Faca', 'ávila']);
  });

  it('sorts text in Portuguese order, ignoring accents and case', () => {
    expect(sortRows(sales, (s) => s.name, 'asc').map((s) => s.name)).toEqual(['Abridor', 'ávila', 'Faca', 'Panela']);
  });

  it('sorts dates by time', () => {
    const rows = [{ at: new Date('2026-01-02') }, { at: new Date('2025-12-31') }];
    expect(sortRows(rows, (r) => r.at, 'asc')[0]!.at.getFullYear()).toBe(2025);
  });

  it('does not change the rows it was given', () => {
    const copy = [...sales];
    sortRows(sales, (s) => s.total, 'asc');
    expect(sales).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('sorts a new column ascending and flips the same column', () => {
    expect(nextSort(null, 'total')).toEqual({ columnKey: 'total', direction: 'asc' });
    expect(nextSort({ columnKey: 'total', direction: 'asc' }, 'total')).toEqual({ columnKey: 'total', direction: 'desc' });
    expect(nextSort({ columnKey: 'total', direction: 'desc' }, 'name')).toEqual({ columnKey: 'name', direction: 'asc' });
  });
});

describe('filters', () => {
  it('a text filter matches a substring without regard to accents or case', () => {
    expect(matchesFilter('São Paulo', { kind: 'text', text: 'sao p' })).toBe(true);
    expect(matchesFilter('Rio', { kind: 'text', text: 'sao' })).toBe(false);
    expect(matchesFilter(null, { kind: 'text', text: '' })).toBe(true);
  });

  it('a numeric filter keeps values between its minimum and maximum, inclusive, either bound optional', () => {
    const between = { kind: 'number' as const, min: 35.5, max: 100 };
    expect(matchesFilter(35.5, between)).toBe(true);
    expect(matchesFilter(120, between)).toBe(false);
    expect(matchesFilter(120, { kind: 'number', min: 100, max: null })).toBe(true);
    expect(matchesFilter(null, { kind: 'number', min: 0, max: null })).toBe(false);
    expect(matchesFilter(null, { kind: 'number', min: null, max: null })).toBe(true);
  });

  it('filterRows keeps the rows passing every column filter', () => {
    const rows = filterRows(
      sales,
      { total: { kind: 'number', min: 100, max: null }, name: { kind: 'text', text: 'pan' } },
      (row, key) => row[key as keyof Sale] as string | number | null,
    );
    expect(rows.map((s) => s.name)).toEqual(['Panela']);
  });

  it('reads filter bounds typed the Brazilian way or plainly', () => {
    expect(parseFilterNumber('1.234,5')).toBe(1234.5);
    expect(parseFilterNumber('1234.5')).toBe(1234.5);
    expect(parseFilterNumber('  ')).toBeNull();
    expect(parseFilterNumber('abc')).toBeNull();
  });
});

describe('pageOf', () => {
  const rows = Array.from({ length: 2345 }, (_, i) => i + 1);

  it('offers pages of 50, 500 and 1000, 50 by default', () => {
    expect(PAGE_SIZES).toEqual([50, 500, 1000]);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
  });

  it('returns one page with its position', () => {
    const page = pageOf(rows, 50, 1);
    expect(page.rows[0]).toBe(51);
    expect(page.rows).toHaveLength(50);
    expect(page).toMatchObject({ pageIndex: 1, pageCount: 47, first: 51, last: 100, total: 2345 });
  });

  it('clamps a page index past the end to the last page', () => {
    const page = pageOf(rows, 1000, 9);
    expect(page).toMatchObject({ pageIndex: 2, first: 2001, last: 2345 });
  });

  it('never shows more than 1000 rows, even without pagination', () => {
    expect(MAX_ROWS_SHOWN).toBe(1000);
    const page = pageOf(rows, null);
    expect(page.rows).toHaveLength(1000);
    expect(page).toMatchObject({ pageCount: 1, first: 1, last: 1000, total: 2345 });
  });

  it('shows nothing, on one page, when there are no rows', () => {
    expect(pageOf([], 50)).toMatchObject({ rows: [], pageIndex: 0, pageCount: 1, first: 0, last: 0 });
  });
});

describe('formatCell', () => {
  it('shows numbers in pt-BR and money in BRL', () => {
    expect(formatCell(1234.5, 'number')).toBe('1.234,5');
    expect(formatCell(1234.5, 'integer')).toBe('1.235');
    expect(formatCell(1234.5, 'money').replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatCell(0.125, 'percent')).toBe('12,5%');
  });

  it('shows empty cells as nothing and booleans in Portuguese', () => {
    expect(formatCell(null)).toBe('');
    expect(formatCell(true)).toBe('Sim');
  });
});
