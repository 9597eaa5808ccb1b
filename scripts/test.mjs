#!/usr/bin/env node
// `npm test`: the gate (`npm run check`: tsc -b, ESLint, Prettier), unit tests, and — on fresh,
// seeded emulator stacks — the security-rules tests, the API integration tests and the browser
// tests. A full run starts all three at once (the gate and the unit tests beside the lanes, whose
// browser and API tests leave the cores idle while they wait), and fails when any fails. Extra
// arguments go to vitest (e.g. `npm test -- e2e/console-shell.test.ts`); a run given any (a
// filter, `--unit`) is a developer's narrow run: it skips the gate, which looks at the whole tree,
// and runs the unit tests, then one lane.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';

// Tests run on ports shifted by 10 from firebase.json's (and their own demo project), so they can
// run while `npm start` is up. CONSOLE_PORT_OFFSET chooses another shift.
process.env.CONSOLE_PORT_OFFSET ??= '10';
const { CACHE_DIR, HOSTING_URL, ROOT } = await import('./lib/config.mjs');
const { emulatorEnv } = await import('./lib/seed.mjs');
const { breakdown, reportArgs, timed } = await import('./lib/test-timing.mjs');
const { cpuReport, watchCpu } = await import('./lib/cpu-use.mjs');
const runStarted = Date.now();
// The CPU the run's processes use, by kind, printed with the breakdown (scripts/lib/cpu-use.mjs).
const cpu = watchCpu();
// The machine's 1-minute load average every 15 s, printed with the breakdown: on a shared machine
// the same run takes minutes more at a load of 20 than at 3.
const loads = [loadavg()[0] ?? 0];
setInterval(() => loads.push(loadavg()[0] ?? 0), 15_000).unref();

const extra = process.argv.slice(2);

// Every exchange with a sandbox (the unit tests' in-process ones and both lanes' stacks) is
// recorded in one folder per run, checked against the vendors' contracts at the end
// (scripts/contract-report.mjs). The last three runs' folders are kept.
const EXCHANGES_DIR = join(CACHE_DIR, 'contract-exchanges');
if (!process.env.SANDBOX_EXCHANGE_LOG) {
  process.env.SANDBOX_EXCHANGE_LOG = join(EXCHANGES_DIR, new Date().toISOString().replace(/[:.]/g, '-'));
  try {
    for (const old of readdirSync(EXCHANGES_DIR).sort().slice(0, -2)) rmSync(join(EXCHANGES_DIR, old), { recursive: true, force: true });
  } catch {
    // No earlier run.
  }
}
// Each phase's time and each vitest run's report, for the breakdown printed at the end.
process.env.CONSOLE_TEST_TIMINGS = join(CACHE_DIR, 'test-timings', new Date().toISOString().replace(/[:.]/g, '-'));
mkdirSync(process.env.CONSOLE_TEST_TIMINGS, { recursive: true });

/**
 * Ends the run with the contract report: a full run fails on any violation; a narrow run (a
 * filter, `--unit`) prints it only, as its few exchanges cover a part of each contract.
 * @param {number} status
 * @returns {never}
 */
function finish(status) {
  const report = timed('contract report', () => spawnSync(process.execPath, [join(ROOT, 'scripts/contract-report.mjs')], { stdio: 'inherit' }).status ?? 1);
  console.log(breakdown(/** @type {string} */ (process.env.CONSOLE_TEST_TIMINGS), ROOT, Date.now() - runStarted, loads));
  const used = cpuReport(cpu.stop(), Date.now() - runStarted);
  if (used) console.log(used);
  process.exit(status !== 0 ? status : extra.length === 0 ? report : 0);
}
const vitest = join(ROOT, 'node_modules/vitest/vitest.mjs');

/**
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
function run(args, env = process.env) {
  const project = args[args.indexOf('--project') + 1] ?? 'vitest';
  return timed(
    `${project} tests`,
    () => spawnSync(process.execPath, [vitest, 'run', ...reportArgs(project), ...args], { cwd: ROOT, stdio: 'inherit', env }).status ?? 1,
  );
}

const unitOnly = extra.includes('--unit');
const filters = extra.filter((a) => a !== '--unit');

const fullRun = extra.length === 0;
if (!fullRun) {
  if (run(['--project', 'unit', '--passWithNoTests', ...filters]) !== 0) finish(1);
  if (unitOnly) finish(0);
}

/**
 * Runs `node <args>` as a part of the run labelled `label`, its output line by line marked with
 * the label (so the parts running at once stay readable), keeping its last lines to say again at
 * the end what a failed part printed (CI keeps only the tail). `nice`: run it at a lower priority.
 * @param {string} label
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, nice?: number }} [options]
 * @returns {Promise<{ code: number, tail: string[] }>}
 */
function part(label, args, { env = process.env, nice = 0 } = {}) {
  return new Promise((resolve) => {
    const command = nice ? ['nice', ['-n', String(nice), process.execPath, ...args]] : [process.execPath, args];
    const child = spawn(/** @type {string} */ (command[0]), /** @type {string[]} */ (command[1]), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    /** @type {string[]} */
    const tail = [];
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        (stream === child.stdout ? process.stdout : process.stderr).write(`[${label}] ${line}\n`);
        tail.push(line);
        if (tail.length > 600) tail.splice(0, tail.length - 600);
      });
    }
    child.on('close', (code) => resolve({ code: code ?? 1, tail }));
  });
}

/**
 * The emulator phase in lanes, each a child (scripts/test-lane.mjs) with a stack of its own on its
 * own port offset, running at once: the browser and API tests mostly wait on each other's
 * processes (one lane keeps about one core busy), so two lanes on two cores take little more than
 * half the time of one. A full run's lanes take their files from one queue (`queue`, written by
 * writeQueue; scripts/test-queue.mjs), then the tests that start stacks of their own; a
 * developer's filtered run uses one lane, given the filters.
 * @param {number} count
 * @param {{ queue?: string, args?: string[] }} work
 * @returns {Promise<{ code: number, tail: string[] }[]>}
 */
async function runLanes(count, { queue, args = [] }) {
  const offsets = laneOffsets(count);
  return Promise.all(
    offsets.map(async (offset, i) => {
      /** @type {NodeJS.ProcessEnv} */
      const env = {
        ...process.env,
        CONSOLE_PORT_OFFSET: String(offset),
        CONSOLE_TEST_LANE: String(i + 1),
        ...(queue ? { CONSOLE_TEST_QUEUE: queue } : {}),
      };
      const lane = [join(ROOT, 'scripts/test-lane.mjs'), ...args];
      return count === 1 && !queue
        ? { code: spawnSync(process.execPath, lane, { cwd: ROOT, stdio: 'inherit', env }).status ?? 1, tail: [] }
        : part(`lane ${i + 1}`, lane, { env });
    }),
  );
}

/**
 * The lanes' port offsets: CONSOLE_LANE_OFFSETS (e.g. `10,50`, on a machine where other stacks
 * hold the offsets between), else CONSOLE_PORT_OFFSET and every 10 above it.
 * @param {number} count
 * @returns {number[]}
 */
function laneOffsets(count) {
  const listed = (process.env.CONSOLE_LANE_OFFSETS ?? '').split(',').filter(Boolean).map(Number);
  if (listed.length && listed.length < count) throw new Error(`CONSOLE_LANE_OFFSETS names ${listed.length} offsets for ${count} lanes`);
  const base = Number(process.env.CONSOLE_PORT_OFFSET);
  return Array.from({ length: count }, (_, i) => listed[i] ?? base + 10 * i);
}

/**
 * A failed lane's own account of its failures: vitest's "Failed Tests" section and the files it
 * marked failed, or, when vitest never got that far (a stack that did not start), the last lines.
 * @param {string[]} tail
 */
function failureReport(tail) {
  // eslint-disable-next-line no-control-regex
  const plain = tail.map((l) => l.replace(/\u001b\[[0-9;]*m/g, ''));
  let section = -1;
  plain.forEach((l, i) => /Failed Tests? \d+|Failed Suites? \d+/.test(l) && (section = i));
  const marked = plain.filter((l) => /^\s*(FAIL|×|❯ .*\(\d+ tests? \| \d+ failed)/.test(l));
  const lines = section >= 0 ? [...marked, ...plain.slice(section, section + 120)] : [...marked, ...plain.slice(-40)];
  return lines.map((l) => `  | ${l}`).join('\n');
}

/**
 * The queue the lanes of a full run take their files from (scripts/test-queue.mjs): the emulator
 * project's files longest first, by the durations in test-support/emulator-test-durations.json (a
 * file not listed counts 20 s) overridden by this machine's last measured ones
 * (.cache/emulator-test-durations.json, written after each full run from the lanes' reports), so
 * the last files taken are short ones and the lanes end close together; and the `stack`
 * project's files, longest first, in a list of their own (scripts/test-lane.mjs).
 * @returns {Promise<string>} the queue's folder
 */
async function writeQueue() {
  const listed = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [vitest, 'list', '--project', 'emulator', '--project', 'stack', '--filesOnly', '--json'], { cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`vitest list failed: ${err}`))));
  });
  const all = /** @type {{ file: string, projectName?: string }[]} */ (JSON.parse(/** @type {string} */ (listed)));
  /** @type {Record<string, number>} */
  const seconds = { ...JSON.parse(readFileSync(join(ROOT, 'test-support/emulator-test-durations.json'), 'utf8')), ...measuredSeconds() };
  const longestFirst = (/** @type {string} */ a, /** @type {string} */ b) => (seconds[b] ?? 20) - (seconds[a] ?? 20);
  const files = all.filter((f) => f.projectName === 'emulator').map((f) => relative(ROOT, f.file));
  const stackFiles = all
    .filter((f) => f.projectName === 'stack')
    .map((f) => relative(ROOT, f.file))
    .sort(longestFirst);
  const dir = join(/** @type {string} */ (process.env.CONSOLE_TEST_TIMINGS), 'queue');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'files.json'), `${JSON.stringify(files.sort(longestFirst), null, 2)}\n`);
  writeFileSync(join(dir, 'stack-files.json'), `${JSON.stringify(stackFiles, null, 2)}\n`);
  const total = files.reduce((sum, f) => sum + (seconds[f] ?? 20), 0) + stackFiles.reduce((sum, f) => sum + (seconds[f] ?? 20), 0);
  console.log(`test: ${files.length} emulator files and ${stackFiles.length} stack files queued, about ${total} s in one lane`);
  return dir;
}

/** Where this machine's measured emulator file durations are kept between runs. */
const MEASURED = join(CACHE_DIR, 'emulator-test-durations.json');

/** @returns {Record<string, number>} */
function measuredSeconds() {
  try {
    return JSON.parse(readFileSync(MEASURED, 'utf8'));
  } catch {
    return {};
  }
}

/**
 * Keeps each emulator and stack test file's measured time (seconds, from the lanes' vitest JSON
 * reports of this run), for the next run's lanes.
 */
function recordMeasuredSeconds() {
  const timings = /** @type {string} */ (process.env.CONSOLE_TEST_TIMINGS);
  const measured = measuredSeconds();
  for (const name of readdirSync(timings).filter((n) => /^vitest-(emulator-\d+|stack(-\d+)*)\.json$/.test(n))) {
    try {
      const report = JSON.parse(readFileSync(join(timings, name), 'utf8'));
      for (const r of report.testResults ?? []) measured[relative(ROOT, r.name)] = Math.round((r.endTime - r.startTime) / 1000);
    } catch {
      // A lane that ended before its report: its files keep their earlier figures.
    }
  }
  writeFileSync(MEASURED, `${JSON.stringify(measured, null, 2)}\n`);
}

if (!fullRun) {
  // Built once here, so the lane's own build (scripts/test-lane.mjs) finds the shared outputs up to date.
  if (timed('build', () => spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' })).status !== 0) finish(1);
  const [lane] = await runLanes(1, { args: filters });
  let status = lane?.code ?? 1;
  if (status === 0) status = run(['--project', 'stack', '--passWithNoTests', ...filters], { ...process.env, ...emulatorEnv(), CONSOLE_URL: HOSTING_URL });
  finish(status);
}

// A full run: the gate, the unit tests and the lanes at once. The gate and the unit tests are
// CPU work that needs nothing of the lanes; run first, they kept the lanes waiting 194 s on CI
// (issue 30). They run a little below the lanes' priority, so the lanes' tests, which wait on
// their own processes, are not the ones kept waiting for a core.
const LOWER_PRIORITY = 5;
const gate = timed('gate (npm run check)', () => part('gate', [join(ROOT, 'scripts/check.mjs')], { nice: LOWER_PRIORITY }));
// Sharing the cores with the lanes at a lower priority, a CPU-bound unit test that takes 2 s alone
// took over Vitest's default 5 s (the seed's, at a load of 35): its limit is 30 s here. The limit
// is no claim about speed (no test asserts wall time); the bench measures.
const unit = timed('unit tests', () =>
  part('unit', [vitest, 'run', ...reportArgs('unit'), '--project', 'unit', '--passWithNoTests', '--testTimeout=30000'], { nice: LOWER_PRIORITY }),
);
// Three lanes where the memory allows it, else two; CONSOLE_TEST_LANES chooses. A lane's tests
// leave the cores idle while they wait on a trigger, a page or a timer, and a third lane fills that
// time: on this 2-core machine two lanes kept the cores 71 % busy (run 21, 639 s) and three 88 %
// (run 22, 592 s), for the third stack's ~130 s of CPU. Each lane holds a stack, its workers and
// a browser: DEVELOPERS.md ('Under ten minutes') has the memory three took.
const laneCount = Number(process.env.CONSOLE_TEST_LANES || (totalmem() >= 16 * 2 ** 30 ? 3 : 2));
const lanes = (async () => {
  const [queue, build] = await Promise.all([
    writeQueue(),
    // Built once here, so the lanes' own builds (scripts/test-lane.mjs) find the shared outputs up to date.
    timed('build', () => part('build', [join(ROOT, 'scripts/build.mjs')])),
  ]);
  if (build.code !== 0) return [{ ...build, label: 'the build' }];
  const results = await runLanes(laneCount, { queue });
  recordMeasuredSeconds();
  return results.map((r, i) => ({ ...r, label: `lane ${i + 1}` }));
})();
const parts = [{ ...(await gate), label: 'the gate (npm run check)' }, { ...(await unit), label: 'the unit tests' }, ...(await lanes)];
for (const p of parts.filter((p) => p.code !== 0)) console.log(`\ntest: what ${p.label} said of its failures:\n${failureReport(p.tail)}`);
for (const p of parts) console.log(`test: ${p.label} ${p.code === 0 ? 'passed' : `failed (exit ${p.code})`}`);
finish(parts.find((p) => p.code !== 0)?.code ?? 0);
