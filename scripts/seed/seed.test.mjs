import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../lib/config.mjs';
import { importBundled } from '../lib/import-bundled.mjs';

describe('the demo seed', () => {
  it('is committed as scripts/seed builds it (run `node scripts/generate-seed.mjs` after a change)', async () => {
    /** @type {typeof import('./index.mjs')} */
    const { seedFiles } = await importBundled(join(ROOT, 'scripts/seed/index.mjs'));
    const { files } = seedFiles();
    expect(Object.keys(files)).toEqual(['firestore.json', 'users.json']);
    for (const [name, text] of Object.entries(files)) {
      expect(text === readFileSync(join(ROOT, 'emulator-data/seed', name), 'utf8'), `emulator-data/seed/${name} is stale`).toBe(true);
    }
  });
});
