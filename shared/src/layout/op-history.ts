import { HISTORY_LIMIT } from './history.js';
import { applyChangesToTree, inverseChanges, layoutPathKey, sameLayoutValue, valueInTree, type LayoutChange } from './sync.js';
import type { LayoutTree } from './tree.js';

/**
 * Undo history of one editor's own operations (live co-editing): a step is the key changes one
 * operation made, with the selection before and after it. Undo applies the inverse of the last
 * step to the layout as it is now — keys changed since by someone else are left as they are — so
 * undo never takes back another person's work. Typing in one property coalesces into one step.
 */
export interface OpStep {
  readonly changes: readonly LayoutChange[];
  readonly selectionBefore: string | null;
  readonly selectionAfter: string | null;
}

export interface OpHistory {
  readonly past: readonly OpStep[];
  readonly future: readonly OpStep[];
  /** The key of the last step while it can still absorb the next one. */
  readonly coalesceKey: string | null;
}

export const createOpHistory = (): OpHistory => ({ past: [], future: [], coalesceKey: null });

/** Merges two change lists of one step: per key, the first before and the last after. */
function mergeStepChanges(first: readonly LayoutChange[], second: readonly LayoutChange[]): LayoutChange[] {
  const byKey = new Map<string, LayoutChange>();
  for (const change of [...first, ...second]) {
    const key = layoutPathKey(change.path);
    const had = byKey.get(key);
    byKey.set(key, had ? { path: change.path, before: had.before, after: change.after } : change);
  }
  return [...byKey.values()].filter((change) => !sameLayoutValue(change.before, change.after));
}

/** Records an operation's changes as a step (or into the last one when `coalesceKey` matches); clears redo. */
export function recordOp(history: OpHistory, step: OpStep, coalesceKey: string | null = null, limit = HISTORY_LIMIT): OpHistory {
  const last = history.past[history.past.length - 1];
  if (coalesceKey !== null && coalesceKey === history.coalesceKey && last) {
    const merged: OpStep = {
      changes: mergeStepChanges(last.changes, step.changes),
      selectionBefore: last.selectionBefore,
      selectionAfter: step.selectionAfter,
    };
    return { ...history, past: [...history.past.slice(0, -1), merged], future: [] };
  }
  const past = [...history.past, step];
  if (past.length > limit) past.splice(0, past.length - limit);
  return { past, future: [], coalesceKey };
}

/** Ends coalescing (the input lost focus, the selection changed). */
export const closeOpStep = (history: OpHistory): OpHistory => (history.coalesceKey === null ? history : { ...history, coalesceKey: null });

export interface OpHistoryMove {
  history: OpHistory;
  tree: LayoutTree;
  /** The changes applied (to be saved). */
  changes: LayoutChange[];
  selection: string | null;
}

/** Only the changes whose key still holds the value they expect: the rest was changed elsewhere since. */
function stillApplicable(tree: LayoutTree, changes: readonly LayoutChange[]): LayoutChange[] {
  return changes.filter((change) => sameLayoutValue(valueInTree(tree, change.path), change.before));
}

export function undoOp(history: OpHistory, tree: LayoutTree): OpHistoryMove | null {
  const step = history.past[history.past.length - 1];
  if (!step) return null;
  const changes = stillApplicable(tree, inverseChanges(step.changes));
  return {
    history: { past: history.past.slice(0, -1), future: [step, ...history.future], coalesceKey: null },
    tree: applyChangesToTree(tree, changes),
    changes,
    selection: step.selectionBefore,
  };
}

export function redoOp(history: OpHistory, tree: LayoutTree): OpHistoryMove | null {
  const [step, ...future] = history.future;
  if (!step) return null;
  const changes = stillApplicable(tree, step.changes);
  return {
    history: { past: [...history.past, step], future, coalesceKey: null },
    tree: applyChangesToTree(tree, changes),
    changes,
    selection: step.selectionAfter,
  };
}
