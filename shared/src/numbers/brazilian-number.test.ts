import { describe, expect, it } from 'vitest';
import { readBrazilianNumber } from './brazilian-number.js';

describe('readBrazilianNumber', () => {
  it('reads what an operator types in pt-BR', () => {
    expect(readBrazilianNumber('89,90')).toBe(89.9);
    expect(readBrazilianNumber('1.234,56')).toBe(1234.56);
    expect(readBrazilianNumber('1.234.567,8')).toBe(1234567.8);
    expect(readBrazilianNumber('-12,5')).toBe(-12.5);
    expect(readBrazilianNumber(',5')).toBe(0.5);
    expect(readBrazilianNumber(' 42 ')).toBe(42);
  });

  it('reads a decimal point as the console exports it, so an export imports back unchanged', () => {
    expect(readBrazilianNumber('1234.56')).toBe(1234.56);
    expect(readBrazilianNumber('1.234')).toBe(1.234);
    expect(readBrazilianNumber('1,234.5')).toBe(1234.5);
    expect(readBrazilianNumber('1.234.567')).toBe(1234567);
    for (const value of [0, 1.5, -3.25, 1234.567, 99999999.99]) expect(readBrazilianNumber(String(value))).toBe(value);
  });

  it('refuses what is not a number', () => {
    for (const text of ['', '-', 'doze', 'R$ 10,00', '1,2,3', '1.23.4', '12.34,5,6', '1.234,', '5,', '1 234', '1e5', '12,34.5.6', '.', ',']) {
      expect(readBrazilianNumber(text), text).toBeNull();
    }
  });
});
