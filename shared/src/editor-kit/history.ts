/**
 * The editors' undo history (both editors use it). Every action of an editor's union says what it
 * does to the history: 'record' (a user-level operation, one step), 'history' (undo, redo) or
 * 'none' (selection, view, sync). `interceptHistory` enforces that in one place, as Puck's store
 * interceptor does: a reducer cannot record from an action that is not 'record'.
 *
 * A step is whatever the editor needs to take an operation back on the document *as it is now*
 * (live co-editing: others' operations arrive between one's own), so undo never takes back
 * another person's work: the editor's `revert` and `reapply` apply only what still holds.
 */
export type HistoryKind = 'record' | 'history' | 'none';

export interface EditorHistory<Step> {
  readonly past: readonly Step[];
  readonly future: readonly Step[];
  /** The key of the last step while it can still absorb the next one (typing in one input). */
  readonly coalesceKey: string | null;
}

export const createEditorHistory = <Step>(): EditorHistory<Step> => ({ past: [], future: [], coalesceKey: null });

/**
 * Records a step (or merges it into the last one when `coalesceKey` matches the open step's);
 * clears redo; keeps at most `limit` steps.
 */
export function recordHistoryStep<Step>(
  history: EditorHistory<Step>,
  step: Step,
  options: { coalesceKey?: string | null; merge?: (first: Step, second: Step) => Step; limit: number },
): EditorHistory<Step> {
  const coalesceKey = options.coalesceKey ?? null;
  const last = history.past[history.past.length - 1];
  if (coalesceKey !== null && coalesceKey === history.coalesceKey && last !== undefined && options.merge) {
    return { past: [...history.past.slice(0, -1), options.merge(last, step)], future: [], coalesceKey };
  }
  const past = [...history.past, step];
  if (past.length > options.limit) past.splice(0, past.length - options.limit);
  return { past, future: [], coalesceKey };
}

export const canUndo = (history: { readonly past: readonly unknown[] }) => history.past.length > 0;
export const canRedo = (history: { readonly future: readonly unknown[] }) => history.future.length > 0;

/** Ends coalescing (the input lost focus, the selection changed). */
export const closeHistoryStep = <Step>(history: EditorHistory<Step>): EditorHistory<Step> =>
  history.coalesceKey === null ? history : { ...history, coalesceKey: null };

export interface HistoryMove<Step, Doc> {
  history: EditorHistory<Step>;
  doc: Doc;
  step: Step;
}

/** Undo: `revert` takes the last step back on the document as it is now. */
export function undoHistoryStep<Step, Doc>(history: EditorHistory<Step>, doc: Doc, revert: (doc: Doc, step: Step) => Doc): HistoryMove<Step, Doc> | null {
  const step = history.past[history.past.length - 1];
  if (step === undefined) return null;
  return { history: { past: history.past.slice(0, -1), future: [step, ...history.future], coalesceKey: null }, doc: revert(doc, step), step };
}

/** Redo: `reapply` makes the next step again on the document as it is now. */
export function redoHistoryStep<Step, Doc>(history: EditorHistory<Step>, doc: Doc, reapply: (doc: Doc, step: Step) => Doc): HistoryMove<Step, Doc> | null {
  const [step, ...future] = history.future;
  if (step === undefined) return null;
  return { history: { past: [...history.past, step], future, coalesceKey: null }, doc: reapply(doc, step), step };
}

export class HistoryKindError extends Error {
  constructor(actionType: string, kind: HistoryKind) {
    super(`A ação ${actionType} (${kind}) mudou o histórico de desfazer.`);
    this.name = 'HistoryKindError';
  }
}

/**
 * Wraps an editor's reducer so the history kinds hold: an action of kind 'none' leaves the steps
 * as they were (it may only end coalescing), a 'record' action never touches redo except to clear
 * it, and 'history' actions only move steps between past and future. A reducer that breaks this
 * throws (a bug, caught by the editors' tests), rather than silently making undo lie.
 */
export function interceptHistory<State, Action extends { type: string }, Step, Result>(
  kinds: Readonly<Record<Action['type'], HistoryKind>>,
  historyOf: (state: State) => EditorHistory<Step>,
  stateOf: (result: Result) => State,
  reducer: (state: State, action: Action) => Result,
): (state: State, action: Action) => Result {
  return (state, action) => {
    const result = reducer(state, action);
    const before = historyOf(state);
    const after = historyOf(stateOf(result));
    const kind = kinds[action.type as Action['type']];
    const steps = before.past.length + before.future.length;
    const unchangedSteps = after.past === before.past && after.future === before.future;
    const ok =
      kind === 'none' ? unchangedSteps : kind === 'history' ? after.past.length + after.future.length === steps : unchangedSteps || after.future.length === 0;
    if (!ok) throw new HistoryKindError(action.type, kind);
    return result;
  };
}
