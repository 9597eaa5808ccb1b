/**
 * Undo history over whole states (Puck's way): each user-level operation is one step; a step
 * remembers the selection it was made with, so undo and redo put the selection back. Steps that
 * carry the same coalescing key one after the other (typing in one property) merge into one.
 */
export interface HistoryEntry<T> {
  readonly state: T;
  readonly selection: string | null;
}

export interface History<T> {
  readonly past: readonly HistoryEntry<T>[];
  readonly present: HistoryEntry<T>;
  readonly future: readonly HistoryEntry<T>[];
  /** The key of the last step while it can still absorb the next one. */
  readonly coalesceKey: string | null;
  readonly limit: number;
}

/** Steps kept for undo; older ones are dropped. */
export const HISTORY_LIMIT = 200;

export function createHistory<T>(state: T, selection: string | null = null, limit = HISTORY_LIMIT): History<T> {
  return { past: [], present: { state, selection }, future: [], coalesceKey: null, limit };
}

/** Records `state` as a new step (or into the last one when `coalesceKey` matches it); clears redo. */
export function recordStep<T>(history: History<T>, state: T, selection: string | null, coalesceKey: string | null = null): History<T> {
  if (coalesceKey !== null && coalesceKey === history.coalesceKey) {
    return { ...history, present: { state, selection }, future: [] };
  }
  const past = [...history.past, history.present];
  if (past.length > history.limit) past.splice(0, past.length - history.limit);
  return { ...history, past, present: { state, selection }, future: [], coalesceKey };
}

/** A change of selection: not a step, but it ends coalescing. */
export function withSelection<T>(history: History<T>, selection: string | null): History<T> {
  if (history.present.selection === selection && history.coalesceKey === null) return history;
  return { ...history, present: { ...history.present, selection }, coalesceKey: null };
}

/** Ends coalescing (the property input lost focus): the next change is a step of its own. */
export function closeStep<T>(history: History<T>): History<T> {
  return history.coalesceKey === null ? history : { ...history, coalesceKey: null };
}

export const canUndo = (history: { readonly past: readonly unknown[] }) => history.past.length > 0;
export const canRedo = (history: { readonly future: readonly unknown[] }) => history.future.length > 0;

export function undo<T>(history: History<T>): History<T> {
  if (!canUndo(history)) return history;
  const past = history.past.slice(0, -1);
  return { ...history, past, present: history.past[history.past.length - 1]!, future: [history.present, ...history.future], coalesceKey: null };
}

export function redo<T>(history: History<T>): History<T> {
  if (!canRedo(history)) return history;
  const [next, ...future] = history.future;
  return { ...history, past: [...history.past, history.present], present: next!, future, coalesceKey: null };
}
