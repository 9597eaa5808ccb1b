// The CPU a test run used, by kind of process (issue 30: where `npm test`'s minutes go). A full run
// keeps both cores busy, so its wall time cannot fall below its CPU time divided by the cores: the
// breakdown says how far it is from that floor and which processes the CPU went to. Read from
// /proc every two seconds (Linux; elsewhere it says nothing), counting only the run's own
// processes (descendants of this one); a process that lives less than two seconds is missed.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const TICKS_PER_SECOND = 100;

/**
 * What a process is, from its command line and, for a test process, its environment.
 * @param {string} command
 * @param {string} environment
 * @param {string} name
 */
export function processKind(command, environment, name) {
  if (/chrom/.test(name) || /\/chromium\b|chrome_crashpad/.test(command)) return 'browser (chromium)';
  if (/functionsEmulatorRuntime/.test(command)) return 'Functions workers';
  if (/\bjava\b/.test(command) || name === 'java') return 'Firestore and Storage rules JVMs';
  if (/firebase(\.js)? emulators:start|firebase-tools\/lib\/bin/.test(command)) return 'firebase-tools (emulator hub, Hosting, Auth, tasks)';
  if (/\b(tsc|eslint|prettier|knip|depcruise)\b|scripts\/check|check-[a-z-]+\.mjs/.test(command)) return 'gate (types, lint, format)';
  if (/vitest/.test(command)) return /(?:^|\0)CONSOLE_TEST_LANE=/.test(environment) ? 'emulator and browser test files' : 'unit test files';
  if (/sandbox/.test(command)) return 'sandboxes';
  if (/warehouse-server/.test(command)) return 'local warehouse (DuckDB)';
  if (/esbuild|vite|scripts\/build/.test(command)) return 'builds';
  return 'other';
}

/** @param {string} path */
const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** Starts counting; `stop()` returns the seconds by kind. */
export function watchCpu({ everyMs = 2000 } = {}) {
  /** @type {Map<string, number>} */
  const seconds = new Map();
  /** @type {Map<string, { ticks: number, kind: string }>} pid:start → last ticks */
  let known = new Map();
  let available = true;
  let samples = 0;
  const sample = () => {
    samples += 1;
    /** @type {{ id: string, pid: number, ppid: number, ticks: number, name: string }[]} */
    const table = [];
    let names;
    try {
      names = readdirSync('/proc');
    } catch {
      available = false;
      return;
    }
    for (const entry of names) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = read(`/proc/${entry}/stat`);
      const close = stat.lastIndexOf(')');
      if (close < 0) continue;
      const fields = stat.slice(close + 2).split(' ');
      table.push({
        id: `${entry}:${fields[19]}`,
        pid: Number(entry),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
        name: stat.slice(stat.indexOf('(') + 1, close),
      });
    }
    // Ours: every process this one started, and theirs (from this sample's table, as
    // stack.mjs's descendantsOf reads ps).
    /** @type {Map<number, number[]>} */
    const children = new Map();
    for (const p of table) {
      if (!children.has(p.ppid)) children.set(p.ppid, []);
      children.get(p.ppid)?.push(p.pid);
    }
    const ours = new Set();
    const queue = [process.pid];
    while (queue.length) {
      for (const child of children.get(/** @type {number} */ (queue.shift())) ?? []) {
        ours.add(child);
        queue.push(child);
      }
    }
    /** @type {typeof known} */
    const seen = new Map();
    for (const p of table) {
      if (!ours.has(p.pid)) continue;
      const before = known.get(p.id);
      const kind = before?.kind ?? processKind(read(`/proc/${p.pid}/cmdline`).replace(/\0/g, ' '), read(`/proc/${p.pid}/environ`), p.name);
      // A process first seen now: all its ticks are this run's (it started after the run did).
      const used = p.ticks - (before?.ticks ?? 0);
      if (used > 0) seconds.set(kind, (seconds.get(kind) ?? 0) + used / TICKS_PER_SECOND);
      seen.set(p.id, { ticks: p.ticks, kind });
    }
    // Only the living are kept: a process gone since is counted up to its last sample.
    known = seen;
  };
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    /**
     * @returns {Map<string, number> | null} null where /proc cannot be read, or when nothing was
     * sampled while the work ran (a narrow run waits on its lane with spawnSync, which holds this
     * process's timers)
     */
    stop() {
      clearInterval(timer);
      const during = samples;
      sample();
      return available && during > 0 ? seconds : null;
    },
  };
}

/**
 * The lines the breakdown prints: the CPU used against what the cores could give in the run's time.
 * @param {Map<string, number> | null} seconds
 * @param {number} wallMs
 */
export function cpuReport(seconds, wallMs, cores = availableParallelism()) {
  if (!seconds) return '';
  const total = [...seconds.values()].reduce((a, b) => a + b, 0);
  const wall = wallMs / 1000;
  const lines = [
    `test: CPU used ${total.toFixed(0)} s of the ${(cores * wall).toFixed(0)} s ${cores} cores give in ${wall.toFixed(0)} s (${((100 * total) / (cores * wall)).toFixed(0)} %):` +
      ` no arrangement of this work runs in less than ${(total / cores).toFixed(0)} s here`,
  ];
  for (const [kind, s] of [...seconds].sort((a, b) => b[1] - a[1]))
    lines.push(`  ${s.toFixed(0).padStart(6)} s  ${((100 * s) / total).toFixed(0).padStart(3)} %  ${kind}`);
  return lines.join('\n');
}
