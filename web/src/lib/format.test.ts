import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatPercent } from './format';

// Intl puts a no-break space between "R$" and the amount.
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('pt-BR formatting', () => {
  it('groups thousands with a point and uses a decimal comma', () => {
    expect(formatNumber(1234567.891)).toBe('1.234.567,89');
    expect(formatNumber(1234.5, 0)).toBe('1.235');
  });

  it('formats money in reais', () => {
    expect(plain(formatMoney(1234.5))).toBe('R$ 1.234,50');
    expect(plain(formatMoney(-3))).toBe('-R$ 3,00');
  });

  it('formats ratios as percentages', () => {
    expect(formatPercent(0.125)).toBe('12,5%');
  });

  it('leaves missing values empty', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });
});
