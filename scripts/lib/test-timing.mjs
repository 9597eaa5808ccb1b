// Where `npm test`'s minutes go (issue 30): every phase of the run (the gate, the unit tests, the
// build, each lane's build, stack start, seed, emulator tests, stack stop and stack tests) appends
// one line to a timings file the run names in CONSOLE_TEST_TIMINGS, and each vitest run writes its
// JSON report beside it; scripts/test.mjs prints the breakdown at its end.
import { appendFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

/** @typedef {{ phase: string, lane?: string, startedAt: number, ms: number }} PhaseTime */

const file = () => process.env.CONSOLE_TEST_TIMINGS;

/**
 * Times `work` as the phase `phase` (of `lane`, when in one) in the run's timings file.
 * @template T
 * @param {string} phase
 * @param {() => T} work
 * @returns {T}
 */
export function timed(phase, work) {
  const startedAt = Date.now();
  const done = () => {
    const timings = file();
    if (!timings) return;
    /** @type {PhaseTime} */
    const line = { phase, startedAt, ms: Date.now() - startedAt };
    if (process.env.CONSOLE_TEST_LANE) line.lane = process.env.CONSOLE_TEST_LANE;
    appendFileSync(join(timings, 'phases.jsonl'), `${JSON.stringify(line)}\n`);
  };
  const result = work();
  if (result instanceof Promise) return /** @type {T} */ (result.finally(done));
  done();
  return result;
}

/**
 * vitest arguments that write its JSON report (per-file start and end times) into the timings
 * folder, beside its usual output.
 * @param {string} name
 */
export function reportArgs(name) {
  const timings = file();
  return timings ? ['--reporter=default', '--reporter=json', `--outputFile.json=${join(timings, `vitest-${name}.json`)}`] : [];
}

/** @param {number} ms */
const seconds = (ms) => `${(ms / 1000).toFixed(0).padStart(5)} s`;

/**
 * The breakdown: the phases in the order they started (lanes side by side), the emulator tests'
 * time by kind, and the slowest files.
 * @param {string} timings the timings folder
 * @param {string} root
 * @param {number} totalMs
 * @param {number[]} [loads] the machine's 1-minute load average, sampled during the run
 * @returns {string}
 */
export function breakdown(timings, root, totalMs, loads = []) {
  const phasesFile = join(timings, 'phases.jsonl');
  /** @type {PhaseTime[]} */
  const phases = existsSync(phasesFile)
    ? readFileSync(phasesFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  const began = Math.min(...phases.map((p) => p.startedAt));
  const lines = ['', `test: where the ${seconds(totalMs).trim()} went (from the run's start; the gate, the unit tests and the lanes run side by side)`];
  for (const p of phases.sort((a, b) => a.startedAt - b.startedAt)) {
    const share = ((100 * p.ms) / totalMs).toFixed(0).padStart(3);
    lines.push(`  ${seconds(p.startedAt - began)} +${seconds(p.ms)} ${share}%  ${p.lane ? `lane ${p.lane}: ` : ''}${p.phase}`);
  }
  /** @type {{ file: string, project: string, ms: number }[]} */
  const files = [];
  for (const name of readdirSync(timings).filter((n) => n.startsWith('vitest-') && n.endsWith('.json'))) {
    const project = name.replace(/^vitest-|\.json$/g, '');
    try {
      const report = JSON.parse(readFileSync(join(timings, name), 'utf8'));
      for (const r of report.testResults ?? []) files.push({ file: relative(root, r.name), project, ms: r.endTime - r.startTime });
    } catch {
      // A vitest run that ended before writing its report: its phase line still says how long it took.
    }
  }
  /** @type {Record<string, number>} */
  const kinds = {};
  for (const f of files) {
    const kind =
      f.project === 'unit' ? 'unit' : /\.stack\.test\.ts$/.test(f.file) ? 'own stacks' : f.file.startsWith('e2e/') ? 'browser' : 'emulator API/rules';
    kinds[kind] = (kinds[kind] ?? 0) + f.ms;
  }
  lines.push('test: test files by kind (the sum of their own times)');
  for (const [kind, ms] of Object.entries(kinds).sort((a, b) => b[1] - a[1])) lines.push(`  ${seconds(ms)}  ${kind}`);
  lines.push('test: the slowest files');
  for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 15)) lines.push(`  ${seconds(f.ms)}  ${f.file}${f.project.startsWith('unit') ? ' (unit)' : ''}`);
  const load = [...loads].sort((a, b) => a - b);
  const loadText = load.length
    ? `, at a 1-minute load average of ${load[Math.floor(load.length / 2)]?.toFixed(1)} (median; ${load[0]?.toFixed(1)} to ${load.at(-1)?.toFixed(1)})`
    : '';
  lines.push(`test: total ${seconds(totalMs).trim()} (${(totalMs / 60000).toFixed(1)} min)${loadText}`);
  return lines.join('\n');
}
