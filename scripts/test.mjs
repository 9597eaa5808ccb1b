#!/usr/bin/env node
// `npm test`: the gate (`npm run check`: tsc -b, ESLint, Prettier), unit tests, then — on a fresh,
// seeded emulator stack — the security-rules tests, the API integration tests and the browser
// tests. Extra arguments go to vitest (e.g. `npm test -- e2e/console-shell.test.ts`); a run given any
// (a filter, `--unit`) is a developer's narrow run and skips the gate, which looks at the whole tree.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';

// Tests run on ports shifted by 10 from firebase.json's (and their own demo project), so they can
// run while `npm start` is up. CONSOLE_PORT_OFFSET chooses another shift.
process.env.CONSOLE_PORT_OFFSET ??= '10';
const { CACHE_DIR, HOSTING_URL, ROOT } = await import('./lib/config.mjs');
const { emulatorEnv } = await import('./lib/seed.mjs');
const { breakdown, reportArgs, timed } = await import('./lib/test-timing.mjs');
const runStarted = Date.now();

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
  console.log(breakdown(/** @type {string} */ (process.env.CONSOLE_TEST_TIMINGS), ROOT, Date.now() - runStarted));
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

if (extra.length === 0) {
  const check = timed('gate (npm run check)', () => spawnSync(process.execPath, [join(ROOT, 'scripts/check.mjs')], { stdio: 'inherit' }));
  if (check.status !== 0) {
    console.error('npm test: the gate failed (npm run check); no tests were run.');
    process.exit(1);
  }
}

if (run(['--project', 'unit', '--passWithNoTests', ...filters]) !== 0) finish(1);
if (unitOnly) finish(0);

/**
 * The emulator phase in lanes, each a child (scripts/test-lane.mjs) with a stack of its own on its
 * own port offset, running at once: the browser and API tests mostly wait on each other's
 * processes (one lane keeps about one core busy), so two lanes on two cores take little more than
 * half the time of one. Files go to the lane with the least expected time so far, longest first,
 * by the durations in test-support/emulator-test-durations.json (a file not listed counts 20 s),
 * overridden by this machine's last measured ones (.cache/emulator-test-durations.json, written
 * after each full run from the lanes' vitest reports).
 * A developer's filtered run uses one lane.
 * @param {string[][]} lanes vitest arguments per lane
 * @returns {Promise<number>}
 */
async function runLanes(lanes) {
  const offsets = laneOffsets(lanes.length);
  /** Each lane's last lines, to say again at the end what a failed lane printed (CI keeps only the tail). */
  const tails = lanes.map(() => /** @type {string[]} */ ([]));
  const statuses = await Promise.all(
    lanes.map(
      (args, i) =>
        new Promise((resolve) => {
          const offset = String(offsets[i]);
          const child = spawn(process.execPath, [join(ROOT, 'scripts/test-lane.mjs'), ...args], {
            cwd: ROOT,
            // The last lane of a full run then runs the tests that start stacks of their own.
            env: {
              ...process.env,
              CONSOLE_PORT_OFFSET: offset,
              CONSOLE_TEST_LANE: String(i + 1),
              CONSOLE_LANE_THEN_STACK: stackInLane && i === lanes.length - 1 ? '1' : '0',
              // Its stack tests start a second stack on the first lane's offset, once that lane is done.
              CONSOLE_SECOND_STACK_OFFSET: String(offsets[0]),
              CONSOLE_WAIT_FOR_LANES:
                lanes.length > 1
                  ? offsets
                      .slice(0, -1)
                      .map((_, n) => n + 1)
                      .join(',')
                  : '',
            },
            stdio: lanes.length === 1 ? 'inherit' : ['ignore', 'pipe', 'pipe'],
          });
          if (lanes.length > 1) {
            // Line by line, each line marked with its lane, so the two lanes' output stays readable.
            for (const stream of [child.stdout, child.stderr]) {
              createInterface({ input: /** @type {import('node:stream').Readable} */ (stream) }).on('line', (line) => {
                (stream === child.stdout ? process.stdout : process.stderr).write(`[lane ${i + 1}] ${line}\n`);
                const tail = /** @type {string[]} */ (tails[i]);
                tail.push(line);
                if (tail.length > 600) tail.splice(0, tail.length - 600);
              });
            }
          }
          child.on('close', (code) => {
            writeFileSync(join(/** @type {string} */ (process.env.CONSOLE_TEST_TIMINGS), `lane-${i + 1}.done`), String(code));
            resolve(code ?? 1);
          });
        }),
    ),
  );
  if (lanes.length > 1) {
    statuses.forEach(
      (s, i) => s !== 0 && console.log(`\ntest: what lane ${i + 1} said of its failures:\n${failureReport(/** @type {string[]} */ (tails[i]))}`),
    );
    statuses.forEach((s, i) => console.log(`test: lane ${i + 1} ${s === 0 ? 'passed' : `failed (exit ${s})`}`));
  }
  return statuses.find((s) => s !== 0) ?? 0;
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
 * The emulator project's files split into `count` lanes of about equal expected time.
 * @param {number} count
 */
function splitIntoLanes(count) {
  const listed = spawnSync(process.execPath, [vitest, 'list', '--project', 'emulator', '--filesOnly', '--json'], { cwd: ROOT, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`vitest list failed: ${listed.stderr}`);
  const files = /** @type {{ file: string }[]} */ (JSON.parse(listed.stdout)).map((f) => relative(ROOT, f.file));
  /** @type {Record<string, number>} */
  const seconds = { ...JSON.parse(readFileSync(join(ROOT, 'test-support/emulator-test-durations.json'), 'utf8')), ...measuredSeconds() };
  const lanes = Array.from({ length: count }, () => ({ files: /** @type {string[]} */ ([]), seconds: 0 }));
  // The last lane also runs the `stack` project afterwards (scripts/test-lane.mjs): its time counts there.
  const last = lanes[lanes.length - 1];
  if (last) last.seconds = Object.entries(seconds).reduce((sum, [file, s]) => (file.endsWith('.stack.test.ts') ? sum + s : sum), 0);
  for (const file of files.sort((a, b) => (seconds[b] ?? 20) - (seconds[a] ?? 20))) {
    const lane = lanes.reduce((least, l) => (l.seconds < least.seconds ? l : least));
    lane.files.push(file);
    lane.seconds += seconds[file] ?? 20;
  }
  lanes.forEach((l, i) => console.log(`test: lane ${i + 1}: ${l.files.length} files, about ${l.seconds} s alone`));
  return lanes.map((l) => l.files);
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
  for (const name of readdirSync(timings).filter((n) => /^vitest-(emulator-\d+|stack)\.json$/.test(n))) {
    try {
      const report = JSON.parse(readFileSync(join(timings, name), 'utf8'));
      for (const r of report.testResults ?? []) measured[relative(ROOT, r.name)] = Math.round((r.endTime - r.startTime) / 1000);
    } catch {
      // A lane that ended before its report: its files keep their earlier figures.
    }
  }
  writeFileSync(MEASURED, `${JSON.stringify(measured, null, 2)}\n`);
}

// Built once here, so the lanes' own builds (scripts/test-lane.mjs) find the shared outputs up to date.
if (timed('build', () => spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs')], { stdio: 'inherit' })).status !== 0) finish(1);
const laneCount = filters.length ? 1 : Number(process.env.CONSOLE_TEST_LANES || 2);
const stackInLane = laneCount > 1;
let status = await runLanes(laneCount === 1 ? [filters] : splitIntoLanes(laneCount));
if (laneCount > 1) recordMeasuredSeconds();
if (status === 0 && !stackInLane)
  status = run(['--project', 'stack', '--passWithNoTests', ...filters], { ...process.env, ...emulatorEnv(), CONSOLE_URL: HOSTING_URL });
finish(status);
