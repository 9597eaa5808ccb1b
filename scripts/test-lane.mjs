#!/usr/bin/env node
// One lane of `npm test`'s emulator phase: builds for this process's CONSOLE_PORT_OFFSET, starts a
// fresh seeded stack on those ports, runs emulator test files against it, and stops the stack.
// scripts/test.mjs runs its lanes at once, each on its own offset, so no file ever shares a stack
// (data, sandbox faults, the browser's project) with a file of the other lane.
// With CONSOLE_TEST_QUEUE (a full run), the files come from the queue every lane takes from
// (scripts/test-queue.mjs), and the lane first takes the tests that start stacks of their own (the
// `stack` project) from the same folder, on its ports before its stack starts; otherwise it runs
// the given vitest arguments in the `emulator` project.
// Usage: CONSOLE_PORT_OFFSET=20 node scripts/test-lane.mjs [vitest args and files…]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

process.env.CONSOLE_PORT_OFFSET ??= '10';
const { CACHE_DIR, HOSTING_URL, ROOT } = await import('./lib/config.mjs');
const { StackError, startStack } = await import('./lib/stack.mjs');
const { emulatorEnv, loadSeed, saveSeedSnapshot, seedSnapshotDir } = await import('./lib/seed.mjs');
const { reportArgs, timed } = await import('./lib/test-timing.mjs');
const { take } = await import('./lib/test-queue.mjs');

const vitestArgs = process.argv.slice(2);
// Run alone (not by scripts/test.mjs), a lane records its sandboxes' exchanges and reports on them.
const ownExchangeLog = !process.env.SANDBOX_EXCHANGE_LOG;
if (ownExchangeLog) process.env.SANDBOX_EXCHANGE_LOG = join(CACHE_DIR, 'contract-exchanges', `lane-${new Date().toISOString().replace(/[:.]/g, '-')}`);
const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');
const queue = process.env.CONSOLE_TEST_QUEUE;

const build = timed('build', () => spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' }));
if (build.status !== 0) process.exit(1);

// The tests that start stacks of their own (the `stack` project) go first, on this lane's ports
// before its own stack takes them, taken from the queue's list (stack-files.json, written by
// scripts/test.mjs, longest first): each lane takes one as it starts, beside the gate and the unit
// tests, and the lanes' queue evens out the rest (at the end of a run they left a tail of 41 s).
// parallel-start's second stack goes 70 above this lane's ports, which no lane uses.
let stackStatus = 0;
if (queue) {
  /** @type {string[]} */
  const stackFiles = JSON.parse(readFileSync(join(queue, 'stack-files.json'), 'utf8'));
  const lane = process.env.CONSOLE_TEST_LANE ?? '1';
  for (const [index, file] of stackFiles.entries()) {
    if (!take(queue, 'stack-files', index, lane)) continue;
    const code = timed(
      `stack tests (${file})`,
      () =>
        spawnSync(process.execPath, [vitest, 'run', ...reportArgs(`stack-${lane}-${index}`), '--project', 'stack', '--passWithNoTests', file], {
          cwd: ROOT,
          stdio: 'inherit',
          env: { ...process.env, ...emulatorEnv(), CONSOLE_URL: HOSTING_URL },
        }).status ?? 1,
    );
    if (code !== 0) stackStatus = code;
  }
}

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
      // The seed as this project's emulators exported it after an earlier run wrote it (seed.mjs,
      // saveSeedSnapshot): one import instead of ~1,900 documents, the users and the files written
      // through the Admin SDK (15 s alone here, 35 s on CI beside the other lane). The tests find
      // the same data either way.
      seedSnapshot: seedSnapshotDir(),
      // No API workers started ahead of the tests (startApiWorkers): the files need few at once
      // (in run 20 one lane ran all its files on three apiCore workers, the other started 24), and
      // the dozen started with the stack cost ~15 s of CPU per lane beside its first files. A test
      // that calls a function first waits for its worker's start, as after a deploy.
      warmWorkers: false,
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
  if (!stack.fromSeedSnapshot) {
    await timed('seed', () => loadSeed());
    // Saved for the next run on these ports (a fresh clone writes the seed once per lane).
    const failed = await timed('seed snapshot saved', () => saveSeedSnapshot());
    if (failed) console.log(`test: the seed's snapshot was not saved (${failed}); the next run writes the seed again`);
  }
  const lane = process.env.CONSOLE_TEST_LANE ?? '1';
  const sandboxUrls = JSON.stringify(stack.sandboxes.urls);
  const env = {
    ...process.env,
    ...emulatorEnv(),
    CONSOLE_URL: HOSTING_URL,
    // The stack's upstream sandboxes by name, for tests that set faults or count upstream calls.
    SANDBOX_URLS: sandboxUrls,
  };
  status = timed(
    'emulator tests',
    () =>
      (queue
        ? spawnSync(process.execPath, [join(ROOT, 'scripts/test-queue.mjs')], { cwd: ROOT, stdio: 'inherit', env })
        : spawnSync(process.execPath, [vitest, 'run', ...reportArgs(`emulator-${lane}`), '--project', 'emulator', '--passWithNoTests', ...vitestArgs], {
            cwd: ROOT,
            stdio: 'inherit',
            env,
          })
      ).status ?? 1,
  );
} catch (error) {
  console.error(error instanceof StackError ? `npm test: ${error.message}` : error);
} finally {
  await timed('stack stop', async () => stack?.stop());
  rmSync(stateDir, { recursive: true, force: true });
}
if (stackStatus !== 0) status = stackStatus;
if (ownExchangeLog) spawnSync(process.execPath, [join(ROOT, 'scripts/contract-report.mjs')], { stdio: 'inherit' });
process.exit(status);
