import type { ImportRecordResult } from '@console/shared';
import { CSV_TEXTS } from './texts';
import type { FileLine, ImportPlan, PlannedLine, ReadyRecord } from './import-plan';

/**
 * The import dialog as a state machine (document 2 §4): choose a file, preview, running (pause /
 * resume, stop), then finished or interrupted. React renders a state and dispatches actions;
 * everything it shows (counts, summary, not-imported lines) is derived here.
 */

export type RecordOutcome =
  /** `held`: prices of the line outside the store's guardrails, held and not written (the rest of the line was). */
  | { status: 'created' | 'updated'; line: number; id: string; held?: { field: string; message: string }[] }
  | { status: 'error'; line: number; id: string; message: string }
  | { status: 'ignored'; line: number; id: string; characters: string[] };

export interface CheckedFile {
  fileName: string;
  plan: ImportPlan;
  /** Ids among the ready records that already exist: those are updated, the others created. */
  existingIds: ReadonlySet<string>;
  /** The stored documents of those ids as read for the preview: its changes per record, and the pin sent with each line. */
  storedData?: ReadonlyMap<string, Record<string, unknown>>;
}

export type ImportState =
  | { step: 'choose'; problem: string | null }
  | { step: 'checking'; fileName: string }
  | ({ step: 'preview'; brand: string } & CheckedFile)
  /** `paused`: asked to pause; `pauseHeld`: the batches already sent are done, nothing is being written. */
  | ({ step: 'running'; brand: string; paused: boolean; pauseHeld: boolean; stopping: boolean; outcomes: RecordOutcome[] } & CheckedFile)
  | ({ step: 'finished' | 'interrupted'; brand: string; outcomes: RecordOutcome[] } & CheckedFile);

export type ImportAction =
  | { type: 'fileRejected'; problem: string }
  | { type: 'fileChosen'; fileName: string }
  | { type: 'fileChecked'; file: CheckedFile }
  | { type: 'brandChanged'; brand: string }
  | { type: 'started' }
  | { type: 'pauseToggled' }
  | { type: 'pauseHeld' }
  | { type: 'stopRequested' }
  /** `results`: the server's answer per record, in order (else every record counts as written). */
  | { type: 'batchWritten'; records: readonly ReadyRecord[]; error?: string; results?: readonly ImportRecordResult[] }
  | { type: 'ended' }
  | { type: 'restarted' };

export const initialImportState: ImportState = { step: 'choose', problem: null };

/** Outcomes known before writing: invalid ids are ignored, unreadable lines are errors. */
function outcomesBeforeWriting(lines: readonly PlannedLine[]): RecordOutcome[] {
  return lines.flatMap((l): RecordOutcome[] => {
    if (l.status === 'error') return [{ status: 'error', line: l.line, id: l.id, message: l.message }];
    if (l.status === 'ignored') return [{ status: 'ignored', line: l.line, id: l.id, characters: l.characters }];
    return [];
  });
}

/** The outcome of each record of a batch written (or refused). */
export function batchOutcomes(
  { records, error, results }: { records: readonly ReadyRecord[]; error?: string; results?: readonly ImportRecordResult[] },
  existingIds: ReadonlySet<string>,
): RecordOutcome[] {
  return records.map((r, i): RecordOutcome => {
    if (error !== undefined) return { status: 'error', line: r.line, id: r.id, message: error || CSV_TEXTS.unknownError };
    const result = results?.[i];
    if (result?.status === 'error') return { status: 'error', line: r.line, id: r.id, message: result.message || CSV_TEXTS.unknownError };
    if (result?.held?.length) return { status: result.status, line: r.line, id: r.id, held: result.held.map(({ field, message }) => ({ field, message })) };
    if (result) return { status: result.status, line: r.line, id: r.id };
    return { status: existingIds.has(r.id) ? 'updated' : 'created', line: r.line, id: r.id };
  });
}

export function readyRecords(plan: ImportPlan): ReadyRecord[] {
  return plan.lines.filter((l): l is ReadyRecord => l.status === 'ready');
}

export function importReducer(state: ImportState, action: ImportAction): ImportState {
  switch (action.type) {
    case 'fileRejected':
      return state.step === 'running' ? state : { step: 'choose', problem: action.problem };
    case 'fileChosen':
      return state.step === 'choose' ? { step: 'checking', fileName: action.fileName } : state;
    case 'fileChecked':
      return state.step === 'checking' ? { step: 'preview', brand: '', ...action.file } : state;
    case 'brandChanged':
      return state.step === 'preview' ? { ...state, brand: action.brand } : state;
    case 'started':
      return state.step === 'preview'
        ? { ...state, step: 'running', paused: false, pauseHeld: false, stopping: false, outcomes: outcomesBeforeWriting(state.plan.lines) }
        : state;
    case 'pauseToggled':
      return state.step === 'running' && !state.stopping ? { ...state, paused: !state.paused, pauseHeld: false } : state;
    case 'pauseHeld':
      return state.step === 'running' && state.paused && !state.pauseHeld ? { ...state, pauseHeld: true } : state;
    case 'stopRequested':
      return state.step === 'running' ? { ...state, stopping: true, paused: false, pauseHeld: false } : state;
    case 'batchWritten': {
      if (state.step !== 'running') return state;
      return { ...state, outcomes: [...state.outcomes, ...batchOutcomes(action, state.existingIds)] };
    }
    case 'ended': {
      if (state.step !== 'running') return state;
      const { paused: _paused, pauseHeld: _pauseHeld, stopping: _stopping, ...rest } = state;
      return { ...rest, step: recordsLeft(state).length > 0 ? 'interrupted' : 'finished' };
    }
    case 'restarted':
      return state.step === 'running' ? state : initialImportState;
  }
}

export interface ImportCounts {
  created: number;
  updated: number;
  errors: number;
  ignored: number;
}

/** Spec §8: the summary counts created, updated, errors and ignored. */
export function summarize(outcomes: readonly RecordOutcome[]): ImportCounts {
  const counts: ImportCounts = { created: 0, updated: 0, errors: 0, ignored: 0 };
  for (const o of outcomes) {
    if (o.status === 'created') counts.created++;
    else if (o.status === 'updated') counts.updated++;
    else if (o.status === 'error') counts.errors++;
    else counts.ignored++;
  }
  return counts;
}

/** What the preview announces: ready records split by whether their id exists. */
export function previewCounts(file: CheckedFile): ImportCounts {
  const ready = readyRecords(file.plan);
  const updated = ready.filter((r) => file.existingIds.has(r.id)).length;
  const before = summarize(outcomesBeforeWriting(file.plan.lines));
  return { created: ready.length - updated, updated, errors: before.errors, ignored: before.ignored };
}

/** Lines not written: errors, ignored ids, and ready records never reached (stopped). */
export function notImportedLines(state: { plan: ImportPlan; outcomes: readonly RecordOutcome[] }): FileLine[] {
  const written = new Set(state.outcomes.filter((o) => o.status === 'created' || o.status === 'updated').map((o) => o.line));
  return state.plan.lines.filter((l) => !written.has(l.line)).map(({ line, cells }) => ({ line, cells }));
}

/** Ready records the run has not yet attempted. */
export function recordsLeft(state: { plan: ImportPlan; outcomes: readonly RecordOutcome[] }): ReadyRecord[] {
  const attempted = new Set(state.outcomes.map((o) => o.line));
  return readyRecords(state.plan).filter((r) => !attempted.has(r.line));
}

/** The lines whose prices were held (issue 29 point 3), listed apart from the others. */
export function heldOutcomes(outcomes: readonly RecordOutcome[]): { line: number; id: string; field: string; message: string }[] {
  return outcomes.flatMap((o) => (o.status === 'created' || o.status === 'updated' ? (o.held ?? []).map((h) => ({ line: o.line, id: o.id, ...h })) : []));
}
