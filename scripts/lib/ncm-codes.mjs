// The pinned NCM table's codes (functions/src/readiness/ncm/, SOURCE.md there), read as a file:
// the demo seed evaluates its products' readiness with the same table the functions use.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './config.mjs';

/** Every 8-digit code of the table in force. @returns {Set<string>} */
export function ncmCodes() {
  const table = JSON.parse(readFileSync(join(ROOT, 'functions/src/readiness/ncm/ncm-table.json'), 'utf8'));
  return new Set(Object.keys(table.codes));
}
