import { describe, expect, it } from 'vitest';
import { parsePtBrNumber, ptBrNumberText } from './pt-br-number';

describe('pt-BR number input', () => {
  it('reads a decimal comma, thousands points and a minus', () => {
    expect(parsePtBrNumber('99,9')).toBe(99.9);
    expect(parsePtBrNumber('1.234,56')).toBe(1234.56);
    expect(parsePtBrNumber('1.234')).toBe(1234);
    expect(parsePtBrNumber('12.5')).toBe(12.5);
    expect(parsePtBrNumber('-7')).toBe(-7);
    expect(parsePtBrNumber('abc')).toBe(null);
    expect(parsePtBrNumber('')).toBe(null);
  });
  it('shows a comma', () => expect(ptBrNumberText(1234.5)).toBe('1234,5'));
});
