import { readBrazilianNumber } from '@console/shared';

/** What the number input may hold while typing: digits, one leading minus, one decimal point. */
const NUMBER_TEXT = /^-?\d*(\.\d*)?$/;

/**
 * The text to keep after a keystroke, or null to refuse it. A decimal comma (pt-BR keyboards)
 * becomes a point.
 */
export function acceptNumberText(raw: string): string | null {
  const text = raw.replace(',', '.');
  return NUMBER_TEXT.test(text) ? text : null;
}

/** The stored value of an accepted text: empty (or a lone sign or point) is null. */
export function parseNumberText(text: string): number | null {
  if (text === '' || text === '-' || text === '.' || text === '-.') return null;
  // '3.' while typing is 3; the reader refuses a trailing mark.
  return readBrazilianNumber(text.endsWith('.') ? text.slice(0, -1) : text);
}

/** The text shown for a stored value (a numeric string from old data is shown as it is). */
export function numberText(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'string' && acceptNumberText(value) === value) return value;
  return '';
}
