// firestore.rules' admin-only config list, written from its one source,
// shared/src/access/config-documents.ts (shared/src/access/README.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './config.mjs';
import { importBundled } from './import-bundled.mjs';

export const RULES_FILE = join(ROOT, 'firestore.rules');
const SOURCE = join(ROOT, 'shared/src/access/config-documents.ts');
/** The one line of `function adminOnlyConfig(docId)` that lists the documents. */
const LIST_LINE = /(function adminOnlyConfig\(docId\) \{\n\s*return docId in )\[[^\]]*\];/;

/** ADMIN_ONLY_CONFIG_DOCS as the shared package computes it (the TypeScript bundled on the fly). */
export async function adminOnlyConfigDocs() {
  const module = await importBundled(SOURCE, { platform: 'neutral' });
  return [...module.ADMIN_ONLY_CONFIG_DOCS];
}

/**
 * The rules text with the list replaced by `docs`.
 * @param {string} rules
 * @param {string[]} docs
 */
export function withAdminOnlyList(rules, docs) {
  if (!LIST_LINE.test(rules)) throw new Error('firestore.rules: `function adminOnlyConfig(docId) { return docId in [...]; }` not found.');
  return rules.replace(LIST_LINE, (_, /** @type {string} */ head) => `${head}[${docs.map((id) => `'${id}'`).join(', ')}];`);
}

/** Rewrites firestore.rules when its list differs from the source; answers whether it changed. */
export async function writeAdminOnlyList() {
  const rules = readFileSync(RULES_FILE, 'utf8');
  const next = withAdminOnlyList(rules, await adminOnlyConfigDocs());
  if (next === rules) return false;
  writeFileSync(RULES_FILE, next);
  return true;
}
