import { isGTIN, isValid as hasValidCheckDigit } from 'gtin';

/**
 * Brazilian fiscal data as the NF-e needs it (the reasons in rules.ts say which table each check
 * follows). GTIN through the `gtin` package (GS1's lengths and mod-10 check digit), not by hand.
 */

export type GtinProblem = 'format' | 'checkDigit';

/** Null when the GTIN is good: 8, 12, 13 or 14 digits with the right check digit. */
export function gtinProblem(value: string): GtinProblem | null {
  // The package throws on an empty string; an empty GTIN is a missing one, decided by the caller.
  if (value === '' || !isGTIN(value)) return 'format';
  return hasValidCheckDigit(value) ? null : 'checkDigit';
}

/** The NCM's 8 digits, from '82152000' or '8215.20.00'; null for anything else. */
export function ncmDigits(value: string): string | null {
  const match = /^(\d{4})\.?(\d{2})\.?(\d{2})$/.exec(value);
  return match ? match.slice(1).join('') : null;
}

/** The NCM table's lookup (functions/src/readiness/ncm-table.ts: the Siscomex table, pinned). */
export type NcmLookup = (ncm8: string) => boolean;

/** CEST: 7 digits, written NN.NNN.NN or run together. */
export function isCestFormat(value: string): boolean {
  return /^\d{2}\.?\d{3}\.?\d{2}$/.test(value);
}

/** The goods' origin, one digit 0–8 (NF-e field 'orig', table A of the CST). */
export function isOriginCode(value: string): boolean {
  return /^[0-8]$/.test(value);
}
