import { jsonEqual, mergeJson, type JsonChange } from './json-changes.js';

/**
 * How an open editor keeps its value in step with the stored document (one policy for both
 * editors; the layout editor applies it key by key to its flat node map, layout/sync.ts):
 * - `base` is the stored value this editor last saw; its own edits are what separates it from
 *   the editor's value;
 * - a stored value equal to one this editor sent is its own echo, recognised by value (not by
 *   text), however late it comes: nothing in the editor changes;
 * - any other stored value is someone else's save: this editor's edits since `base` are carried
 *   onto it (mergeJson), and an edit of a place they changed too is a conflict shown to the operator.
 */
export interface StoredValueSync<T> {
  readonly base: T;
  /** Values this editor sent out that have not come back yet, oldest first. */
  readonly pending: readonly T[];
}

export const PENDING_ECHOES_KEPT = 20;

export const createStoredValueSync = <T>(stored: T): StoredValueSync<T> => ({ base: stored, pending: [] });

/** The editor sent `value` out to be stored. */
export function sentValue<T>(sync: StoredValueSync<T>, value: T): StoredValueSync<T> {
  return { ...sync, pending: [...sync.pending, value].slice(-PENDING_ECHOES_KEPT) };
}

export interface StoredValueReceived<T> {
  sync: StoredValueSync<T>;
  /** What the editor shows now. */
  value: T;
  /** This editor's changes refused because the place was changed by the other save. */
  conflicts: JsonChange[];
  /** The stored value was this editor's own (sent earlier). */
  echo: boolean;
}

export function receiveStoredValue<T>(sync: StoredValueSync<T>, stored: T, mine: T): StoredValueReceived<T> {
  const echo = sync.pending.findIndex((sent) => jsonEqual(sent, stored));
  if (echo >= 0) return { sync: { base: stored, pending: sync.pending.slice(echo + 1) }, value: mine, conflicts: [], echo: true };
  if (jsonEqual(stored, mine)) return { sync: { base: stored, pending: [] }, value: mine, conflicts: [], echo: false };
  const merged = mergeJson(sync.base, mine, stored);
  return { sync: { base: stored, pending: [] }, value: merged.value, conflicts: merged.conflicts, echo: false };
}
