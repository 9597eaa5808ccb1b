#!/usr/bin/env node
// One lane of `npm test`'s emulator phase: builds for this process's CONSOLE_PORT_OFFSET, starts a
// fresh seeded stack on those ports, runs the given vitest arguments in the `emulator` project
// against it, and stops the stack. scripts/test.mjs runs two lanes at once, each on its own
// offset, so no file ever shares a stack (data, sandbox faults, the browser's project) with a file
// of the other lane.
// With CONSOLE_LANE_THEN_STACK=1 it then runs the `stack` project (tests that start stacks of
// their own) on the same ports.
// Usage: CONSOLE_PORT_OFFSET=20 node scripts/test-lane.mjs [vitest args and files…]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.CONSOLE_PORT_OFFSET ??= '10';
const { CACHE_DIR, HOSTING_URL, ROOT } = await import('./lib/config.mjs');
const { StackError, startStack } = await import('./lib/stack.mjs');
const { emulatorEnv, loadSeed } = await import('./lib/seed.mjs');
const { reportArgs, timed } = await import('./lib/test-timing.mjs');

const vitestArgs = process.argv.slice(2);
// Run alone (not by scripts/test.mjs), a lane records its sandboxes' exchanges and reports on them.
const ownExchangeLog = !process.env.SANDBOX_EXCHANGE_LOG;
if (ownExchangeLog) process.env.SANDBOX_EXCHANGE_LOG = join(CACHE_DIR, 'contract-exchanges', `lane-${new Date().toISOString().replace(/[:.]/g, '-')}`);
const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');

const build = timed('build', () => spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' }));
if (build.status !== 0) process.exit(1);

const stateDir = mkdtempSync(join(tmpdir(), 'console-test-state-'));
/** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
let stack;
let status = 1;
try {
  console.log(`test: starting the emulators (port offset ${process.env.CONSOLE_PORT_OFFSET})…`);
  const logFile = join(CACHE_DIR, `emulators-test-${process.env.CONSOLE_PORT_OFFSET}.log`);
  const start = () =>
    startStack({
      stateDir,
      persist: false,
      logFile,
      onNote: (line) => console.log(`  ! ${line}`),
    });
  // firebase-tools once exited at start-up in one lane ('An unexpected error has occurred', 3 s in,
  // its debug log removed by the other lane's firebase-tools, which shares the working folder):
  // a stack whose emulators exited while starting is started once more before the lane fails.
  stack = await timed('stack start', () => start()).catch(async (error) => {
    if (!(error instanceof StackError) || !/^Emulators exited/.test(error.message)) throw error;
    // The first try's logs stay for whoever looks into why.
    for (const file of [logFile, logFile.replace(/\.log$/, '.firebase-debug.log')])
      if (existsSync(file)) renameSync(file, file.replace(/\.log$/, '.first-try.log'));
    console.log(`test: ${error.message}\ntest: starting the emulators once more (the first try's log: ${logFile.replace(/\.log$/, '.first-try.log')})…`);
    await new Promise((r) => setTimeout(r, 2000));
    return timed('stack start (second try)', () => start());
  });
  await timed('seed', () => loadSeed());
  const lane = process.env.CONSOLE_TEST_LANE ?? '1';
  const sandboxUrls = JSON.stringify(stack.sandboxes.urls);
  status = timed(
    'emulator tests',
    () =>
      spawnSync(process.execPath, [vitest, 'run', ...reportArgs(`emulator-${lane}`), '--project', 'emulator', '--passWithNoTests', ...vitestArgs], {
        cwd: ROOT,
        stdio: 'inherit',
        env: {
          ...process.env,
          ...emulatorEnv(),
          CONSOLE_URL: HOSTING_URL,
          // The stack's upstream sandboxes by name, for tests that set faults or count upstream calls.
          SANDBOX_URLS: sandboxUrls,
        },
      }).status ?? 1,
  );
} catch (error) {
  console.error(error instanceof StackError ? `npm test: ${error.message}` : error);
} finally {
  await timed('stack stop', async () => stack?.stop());
  rmSync(stateDir, { recursive: true, force: true });
}
// The tests that start stacks of their own (the `stack` project), on this lane's ports now free:
// scripts/test.mjs gives them to one lane, counted in its share of the time.
if (status === 0 && process.env.CONSOLE_LANE_THEN_STACK === '1') {
  // The other lanes' offsets must be free first (e2e/parallel-start.stack.test.ts starts a stack on one).
  const others = (process.env.CONSOLE_WAIT_FOR_LANES ?? '').split(',').filter(Boolean);
  const timings = process.env.CONSOLE_TEST_TIMINGS;
  if (timings && others.length)
    await timed('waiting for the other lanes', async () => {
      while (!others.every((n) => existsSync(join(timings, `lane-${n}.done`)))) await new Promise((r) => setTimeout(r, 1000));
    });
  status = timed(
    'stack tests',
    () =>
      spawnSync(process.execPath, [vitest, 'run', ...reportArgs('stack'), '--project', 'stack', '--passWithNoTests'], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, ...emulatorEnv(), CONSOLE_URL: HOSTING_URL },
      }).status ?? 1,
  );
}
if (ownExchangeLog) spawnSync(process.execPath, [join(ROOT, 'scripts/contract-report.mjs')], { stdio: 'inherit' });
process.exit(status);
