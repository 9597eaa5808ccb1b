#!/usr/bin/env node
// `npm start`: builds what changed, starts the whole product on the emulators (seeded from
// emulator-data/ on the first run; later runs import the state saved on the last Ctrl+C), prints
// the URL and the demo sign-ins. Ctrl+C saves the data and stops every process.
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { CACHE_DIR, HOSTING_URL, ROOT, STATE_DIR, ports } from './lib/config.mjs';
import { STORAGE_BUCKET, StackError, startStack } from './lib/stack.mjs';
import { loadSeed, readSeed, saveSeedSnapshot, seedSnapshotDir } from './lib/seed.mjs';

const started = Date.now();
const seconds = () => ((Date.now() - started) / 1000).toFixed(1);

const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
if (built.status !== 0) {
  console.error('npm start: the build failed (see above).');
  process.exit(1);
}

/** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
let stack;
let stopping = false;
async function shutdown(code = 0, saving = true) {
  if (stopping) return;
  stopping = true;
  console.log(saving ? '\nStopping… (saving data to .emulator-state/)' : 'Stopping the rest of the stack…');
  await stack?.stop();
  console.log('Stopped.');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

const seedSnapshot = seedSnapshotDir();
try {
  stack = await startStack({
    stateDir: STATE_DIR,
    persist: true,
    logFile: join(CACHE_DIR, 'emulators.log'),
    warmWorkers: false,
    // A first run imports the seed's snapshot when an earlier first run saved one (seed.mjs).
    seedSnapshot,
    onNote: (line) => console.log(`  ! ${line}`),
    // An emulator that dies (an OutOfMemoryError, a kill) would leave every call failing with no
    // word why: say it in one line and stop, so the next `npm start` begins clean.
    onEmulatorDied: (line) => {
      console.error(`\nnpm start: ${line}`);
      void shutdown(1, false);
    },
  });
  if (stack.fromSeedSnapshot) {
    console.log(`Seeded from emulator-data/seed (first run; imported its snapshot ${relative(ROOT, seedSnapshot)}).`);
  } else if (!stack.imported) {
    const { documents } = await loadSeed();
    // Saved before anyone edits: the next first run (after removing .emulator-state/) imports it.
    const failed = await saveSeedSnapshot();
    if (failed) console.log(`  ! The seed's snapshot was not saved (the next first run writes the seed again): ${failed}`);
    console.log(`Seeded ${documents} documents from emulator-data/seed (first run).`);
  }
  // The API workers start behind 'Console ready' (not waited for), after the seed.
  // CONSOLE_WARM_WORKERS=0 leaves them to the first calls: a test that starts two stacks only to
  // check they load (parallel-start) would spend ~25 s of CPU on workers nobody calls.
  if (process.env.CONSOLE_WARM_WORKERS !== '0') stack.warmWorkers();
} catch (error) {
  console.error(error instanceof StackError ? `npm start: ${error.message}` : `npm start: ${error instanceof Error ? error.message : error}`);
  await stack?.stop();
  process.exit(1);
}

const { users } = readSeed();
console.log(`
Console ready in ${seconds()} s: ${HOSTING_URL}
Demo sign-in (e-mail / password):
${users.map((u) => `  ${u.email.padEnd(22)} ${u.password.padEnd(18)} ${u.claims.role} of ${u.claims.role === 'admin' ? 'every project' : u.claims.projects.join(', ')}`).join('\n')}
Emulators: ${stack.plan.only.join(', ')}${stack.plan.only.includes('storage') ? ` — Storage on 127.0.0.1:${ports.storage}, bucket ${STORAGE_BUCKET}` : ''}
Emulator log: .cache/emulators.log — press Ctrl+C to stop (data is kept in .emulator-state/).`);
console.log('READY');
