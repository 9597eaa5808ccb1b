import type { NcmLookup } from '@console/shared';
import table from './ncm/ncm-table.json' with { type: 'json' };

/** The pinned NCM table (ncm/SOURCE.md): code (8 digits) → description. */
const CODES: Readonly<Record<string, string>> = table.codes;

export const isKnownNcm: NcmLookup = (ncm8) => Object.hasOwn(CODES, ncm8);

/** Every code, for the warehouse's NCM table. */
export function ncmCodes(): string[] {
  return Object.keys(CODES);
}
