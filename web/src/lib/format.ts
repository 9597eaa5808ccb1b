/** Numbers and money as Brazilian operators read them (spec §9: pt-BR locale, currency BRL). */
const LOCALE = 'pt-BR';

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const decimalFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const moneyFormat = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'BRL' });
const percentFormat = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 2 });
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short' });

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** 1234.5 → "1.234,5"; up to `maximumFractionDigits` decimals (2 by default). Empty for no number. */
export function formatNumber(value: number | null | undefined, maximumFractionDigits = 2): string {
  if (!isNumber(value)) return '';
  if (maximumFractionDigits === 0) return integerFormat.format(value);
  if (maximumFractionDigits === 2) return decimalFormat.format(value);
  return new Intl.NumberFormat(LOCALE, { maximumFractionDigits }).format(value);
}

/** 1234.5 → "R$ 1.234,50". Empty for no number. */
export function formatMoney(value: number | null | undefined): string {
  return isNumber(value) ? moneyFormat.format(value) : '';
}

/** 0.125 → "12,5%". Empty for no number. */
export function formatPercent(ratio: number | null | undefined): string {
  return isNumber(ratio) ? percentFormat.format(ratio) : '';
}

/** "31/12/2024 23:45". Empty for no date. */
export function formatDateTime(date: Date | null | undefined): string {
  return date && !Number.isNaN(date.getTime()) ? dateTimeFormat.format(date) : '';
}
