#!/usr/bin/env node
// `npm test`: the gate (`npm run check`: tsc -b, ESLint, Prettier), unit tests, then — on a fresh,
// seeded emulator stack — the security-rules tests, the API integration tests and the browser
// tests. Extra arguments go to vitest (e.g. `npm test -- e2e/console.test.ts`); a run given any
// (a filter, `--unit`) is a developer's narrow run and skips the gate, which looks at the whole tree.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Tests run on ports shifted by 10 from firebase.json's (and their own demo project), so they can
// run while `npm start` is up. CONSOLE_PORT_OFFSET chooses another shift.
process.env.CONSOLE_PORT_OFFSET ??= '10';
const { CACHE_DIR, HOSTING_URL, ROOT } = await import('./lib/config.mjs');
const { StackError, startStack } = await import('./lib/stack.mjs');
const { emulatorEnv, loadSeed } = await import('./lib/seed.mjs');

const extra = process.argv.slice(2);
const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');

/**
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
function run(args, env = process.env) {
  return spawnSync(process.execPath, [vitest, 'run', ...args], { cwd: ROOT, stdio: 'inherit', env }).status ?? 1;
}

const unitOnly = extra.includes('--unit');
const filters = extra.filter((a) => a !== '--unit');

if (extra.length === 0) {
  const check = spawnSync(process.execPath, [join(ROOT, 'scripts/check.mjs')], { stdio: 'inherit' });
  if (check.status !== 0) {
    console.error('npm test: the gate failed (npm run check); no tests were run.');
    process.exit(1);
  }
}

if (run(['--project', 'unit', '--passWithNoTests', ...filters]) !== 0) process.exit(1);
if (unitOnly) process.exit(0);

const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(1);

const stateDir = mkdtempSync(join(tmpdir(), 'console-test-state-'));
/** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
let stack;
let status = 1;
try {
  console.log('test: starting the emulators…');
  stack = await startStack({
    stateDir,
    persist: false,
    logFile: join(CACHE_DIR, `emulators-test-${process.env.CONSOLE_PORT_OFFSET}.log`),
    onNote: (line) => console.log(`  ! ${line}`),
  });
  await loadSeed();
  status = run(['--project', 'emulator', '--passWithNoTests', ...filters], {
    ...process.env,
    ...emulatorEnv(),
    CONSOLE_URL: HOSTING_URL,
    // The stack's upstream sandboxes by name, for tests that set faults or count upstream calls.
    SANDBOX_URLS: JSON.stringify(stack.sandboxes.urls),
  });
} catch (error) {
  console.error(error instanceof StackError ? `npm test: ${error.message}` : error);
} finally {
  await stack?.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
if (status === 0) status = run(['--project', 'stack', '--passWithNoTests', ...filters], { ...process.env, ...emulatorEnv(), CONSOLE_URL: HOSTING_URL });
process.exit(status);
