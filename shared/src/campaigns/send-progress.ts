/**
 * The send panel's figures from a send's state: how many recipients are settled, the share done,
 * the send rate of the current run (what the provider accepted per minute since the run started)
 * and the time left at that rate. Pure, so the screen and the tests agree.
 */
export interface SendProgressInput {
  status: string;
  total: number;
  sent: number;
  failed: number;
  optedOut: number;
  unknown: number;
  run: { startedAt: number; sentAtStart: number } | null;
}

export interface SendProgressFigures {
  /** Recipients with a settled outcome. */
  settled: number;
  /** 0..100, of the total. */
  percent: number;
  /** Accepted per minute in the current run, or null before there is anything to measure. */
  perMinute: number | null;
  /** Seconds left at that rate, or null when unknown (nothing measured, paused, over). */
  secondsLeft: number | null;
}

/** Below this much elapsed time the rate is noise. */
const MIN_ELAPSED_MS = 2000;

export function sendProgressFigures(state: SendProgressInput, now: number): SendProgressFigures {
  const settled = state.sent + state.failed + state.optedOut + state.unknown;
  const percent = state.total > 0 ? Math.min(100, Math.round((settled / state.total) * 100)) : state.status === 'finished' ? 100 : 0;
  const elapsed = state.run ? now - state.run.startedAt : 0;
  const accepted = state.run ? state.sent - state.run.sentAtStart : 0;
  const perMinute = state.run && elapsed >= MIN_ELAPSED_MS && accepted > 0 ? (accepted / elapsed) * 60_000 : null;
  const left = Math.max(0, state.total - settled);
  const secondsLeft = state.status === 'sending' && perMinute ? Math.ceil((left / perMinute) * 60) : null;
  return { settled, percent, perMinute, secondsLeft };
}

/** '3 min 20 s', '45 s', '2 h 5 min': a duration as the panel shows it. */
export function formatTimeLeft(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const m = Math.round((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${m ? ` ${m} min` : ''}`;
}
