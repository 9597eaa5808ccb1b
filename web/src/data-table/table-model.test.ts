import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, MAX_ROWS_SHOWN, PAGE_SIZES, compareCells, formatCell, matchesFilter, parseFilterNumber, type CellValue } from './table-model';

const ascending = (values: CellValue[]) => [...values].sort(compareCells);

describe('compareCells (the order TanStack Table sorts by)', () => {
  it('orders numbers by value and keeps empty cells last', () => {
    expect(ascending([120, null, 35.5, 7])).toEqual([7, 35.5, 120, null]);
  });

  it('orders text in Portuguese, ignoring accents and case', () => {
    expect(ascending(['Panela', 'ávila', 'Faca', 'Abridor'])).toEqual(['Abridor', 'ávila', 'Faca', 'Panela']);
  });

  it('orders dates by time', () => {
    const later = new Date('2026-01-02');
    const earlier = new Date('2025-12-31');
    expect(ascending([later, earlier])).toEqual([earlier, later]);
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

  it('reads filter bounds typed the Brazilian way or plainly', () => {
    expect(parseFilterNumber('1.234,5')).toBe(1234.5);
    expect(parseFilterNumber('1234.5')).toBe(1234.5);
    expect(parseFilterNumber('  ')).toBeNull();
    expect(parseFilterNumber('abc')).toBeNull();
  });
});

describe('pages', () => {
  it('offers pages of 50, 500 and 1000, 50 by default, and never shows more than 1000 rows', () => {
    expect(PAGE_SIZES).toEqual([50, 500, 1000]);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
    expect(MAX_ROWS_SHOWN).toBe(1000);
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
