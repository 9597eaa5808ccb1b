#!/usr/bin/env node
/**
 * Demo seed data for the emulators: `node scripts/generate-seed.mjs` rewrites
 *   emulator-data/seed/firestore.json  { "<document path>": { ...data } }, keys sorted;
 *                                      timestamps as { "__timestamp": "<ISO>" }
 *   emulator-data/seed/users.json      [{ uid, email, password, displayName, claims: { role, projects } }]
 *
 * The documents are built by scripts/seed/ (one module per area, assembled in index.mjs), which
 * imports the shared package's definitions (the company table); esbuild bundles it so plain Node
 * runs the TypeScript. Every random choice comes from a seeded PRNG, one stream per section (so
 * editing one section does not reshuffle the others): the output is byte-identical on every run
 * (scripts/seed/seed.test.mjs fails when the committed files differ from it).
 * "Now" for the demo is fixed at 2026-11-22T00:00:00Z.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lib/config.mjs';
import { importBundled } from './lib/import-bundled.mjs';
import { ncmCodes } from './lib/ncm-codes.mjs';

const OUT_DIR = join(ROOT, 'emulator-data', 'seed');

/** @type {typeof import('./seed/index.mjs')} */
const { seedFiles } = await importBundled(join(ROOT, 'scripts/seed/index.mjs'));
const { files, summary } = seedFiles(ncmCodes());
mkdirSync(OUT_DIR, { recursive: true });
for (const [name, text] of Object.entries(files)) writeFileSync(join(OUT_DIR, name), text);
console.log(summary);
