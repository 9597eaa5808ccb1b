// The seed's snapshot committed for a fresh clone's first `npm start` (scripts/lib/seed.mjs) is the
// current seed's: a stale one is never imported (its name no longer matches), so a fresh clone would
// silently fall back to writing the seed, ten seconds slower.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMITTED_SEED_SNAPSHOTS, seedSnapshotName } from './lib/seed.mjs';
import { ROOT } from './lib/config.mjs';

describe('the committed seed snapshot', () => {
  it("matches emulator-data/seed and firebase-tools' version (else: npm run seed:snapshot)", () => {
    const project = JSON.parse(readFileSync(join(ROOT, '.firebaserc'), 'utf8')).projects.default;
    const name = seedSnapshotName(project);
    expect(
      existsSync(join(COMMITTED_SEED_SNAPSHOTS, name, 'firebase-export-metadata.json')),
      `emulator-data/seed-snapshot/${name} is missing: run npm run seed:snapshot`,
    ).toBe(true);
  });
});
