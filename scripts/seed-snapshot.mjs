#!/usr/bin/env node
// `npm run seed:snapshot`: refreshes the seed's snapshot committed in emulator-data/seed-snapshot/
// (scripts/lib/seed.mjs, seedSnapshotDir), which a fresh clone's first `npm start` imports instead
// of writing the seed. Run it after editing the seed or upgrading firebase-tools (a unit test says
// when it is stale). It seeds a stack of its own on the default ports (stop `npm start` first),
// exports it and commits nothing itself: `git add emulator-data/seed-snapshot` after.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (process.env.CONSOLE_PORT_OFFSET && process.env.CONSOLE_PORT_OFFSET !== '0') {
  console.error("seed:snapshot: the committed snapshot is the default project's; run it without CONSOLE_PORT_OFFSET.");
  process.exit(1);
}
const { CACHE_DIR, PROJECT_ID } = await import('./lib/config.mjs');
const { startStack } = await import('./lib/stack.mjs');
const { COMMITTED_SEED_SNAPSHOTS, loadSeed, saveSeedSnapshot, seedSnapshotName } = await import('./lib/seed.mjs');

const name = seedSnapshotName(PROJECT_ID);
const cached = join(CACHE_DIR, 'seed-snapshot', name);
if (existsSync(join(COMMITTED_SEED_SNAPSHOTS, name, 'firebase-export-metadata.json'))) {
  console.log(`seed:snapshot: emulator-data/seed-snapshot/${name} is current.`);
  process.exit(0);
}
if (!existsSync(join(cached, 'firebase-export-metadata.json'))) {
  const stateDir = mkdtempSync(join(tmpdir(), 'console-seed-snapshot-'));
  const stack = await startStack({ stateDir, persist: false, logFile: join(CACHE_DIR, 'emulators-seed-snapshot.log'), warmWorkers: false });
  try {
    await loadSeed();
    const failed = await saveSeedSnapshot();
    if (failed) throw new Error(`the export failed: ${failed}`);
  } finally {
    await stack.stop();
    rmSync(stateDir, { recursive: true, force: true });
  }
}
mkdirSync(COMMITTED_SEED_SNAPSHOTS, { recursive: true });
for (const old of readdirSync(COMMITTED_SEED_SNAPSHOTS)) rmSync(join(COMMITTED_SEED_SNAPSHOTS, old), { recursive: true, force: true });
cpSync(cached, join(COMMITTED_SEED_SNAPSHOTS, name), { recursive: true });
console.log(`seed:snapshot: wrote emulator-data/seed-snapshot/${name}; commit it.`);
