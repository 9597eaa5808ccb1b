import { hasError, type BulkSyncState } from './bulk-sync';

/** What the operator sees while a bulk sync runs. */
export interface BulkSyncStats {
  total: number;
  /** Codes of the list whose tasks all ran (with or without failures). */
  done: number;
  /** Codes of the list with a failed task. */
  errors: number;
  /** Codes of the list not finished yet. */
  remaining: number;
  /** Codes running now. */
  inFlight: number;
  /** Codes finished per second in the current run; null before any finished. */
  ratePerSecond: number | null;
  /** remaining / rate; 0 when nothing remains; null while the rate is unknown. */
  secondsLeft: number | null;
}

export function bulkSyncStats(state: BulkSyncState, now: number): BulkSyncStats {
  let done = 0;
  let errors = 0;
  let inFlight = 0;
  for (const code of state.codes) {
    const progress = state.progress[code];
    if (progress?.finished) done++;
    if (progress?.fetching) inFlight++;
    if (hasError(progress)) errors++;
  }
  const remaining = state.codes.length - done;
  const elapsedSeconds = state.startedAt === null ? 0 : ((state.stoppedAt ?? now) - state.startedAt) / 1000;
  const ratePerSecond = state.finishedInRun > 0 && elapsedSeconds > 0 ? state.finishedInRun / elapsedSeconds : null;
  const secondsLeft = remaining === 0 ? 0 : ratePerSecond ? remaining / ratePerSecond : null;
  return { total: state.codes.length, done, errors, remaining, inFlight, ratePerSecond, secondsLeft };
}

export interface ErrorGroup {
  /** The task's name and the message with the product code taken out. */
  cause: string;
  task: string;
  codes: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The failures of the list's codes grouped by cause: the same task failing with the same message
 * once the code is taken out of it ('Bling: produto 123 não encontrado' and '… 456 …' are one cause).
 * Largest group first.
 */
export function groupErrorsByCause(state: BulkSyncState, taskName: (taskId: string) => string = (id) => id): ErrorGroup[] {
  const groups = new Map<string, ErrorGroup>();
  for (const code of state.codes) {
    const progress = state.progress[code];
    if (!progress) continue;
    for (const [task, result] of Object.entries(progress.tasks)) {
      if (result.status !== 'failed') continue;
      const message = (result.error ?? '').replace(new RegExp(escapeRegExp(code), 'g'), '{código}');
      const cause = `${taskName(task)}: ${message}`;
      const group = groups.get(cause) ?? { cause, task, codes: [] };
      group.codes.push(code);
      groups.set(cause, group);
    }
  }
  return [...groups.values()].sort((a, b) => b.codes.length - a.codes.length || a.cause.localeCompare(b.cause));
}

/** Seconds as the stats line shows them: '42 s', '3 min 05 s', '1 h 02 min'. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
