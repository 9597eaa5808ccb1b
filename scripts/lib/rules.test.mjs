import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES_FILE, adminOnlyConfigDocs, withAdminOnlyList } from './rules.mjs';

describe("firestore.rules' admin-only config list", () => {
  it('is the one shared/src/access/config-documents.ts gives (run `node scripts/build.mjs rules` after changing it)', async () => {
    const rules = readFileSync(RULES_FILE, 'utf8');
    expect(withAdminOnlyList(rules, await adminOnlyConfigDocs())).toBe(rules);
  });

  it('names customerio, whose tracking key is a credential', async () => {
    expect(await adminOnlyConfigDocs()).toContain('customerio');
  });
});
