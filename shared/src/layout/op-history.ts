import { closeHistoryStep, createEditorHistory, recordHistoryStep, redoHistoryStep, undoHistoryStep, type EditorHistory } from '../editor-kit/history.js';
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

/** The layout's undo history: the editor kit's, over key-change steps. */
export type OpHistory = EditorHistory<OpStep>;

/** Steps kept for undo; older ones are dropped. */
export const HISTORY_LIMIT = 200;

export const createOpHistory = (): OpHistory => createEditorHistory<OpStep>();

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

const mergeSteps = (first: OpStep, second: OpStep): OpStep => ({
  changes: mergeStepChanges(first.changes, second.changes),
  selectionBefore: first.selectionBefore,
  selectionAfter: second.selectionAfter,
});

/** Records an operation's changes as a step (or into the last one when `coalesceKey` matches); clears redo. */
export const recordOp = (history: OpHistory, step: OpStep, coalesceKey: string | null = null, limit = HISTORY_LIMIT): OpHistory =>
  recordHistoryStep(history, step, { coalesceKey, merge: mergeSteps, limit });

/** Ends coalescing (the input lost focus, the selection changed). */
export const closeOpStep = (history: OpHistory): OpHistory => closeHistoryStep(history);

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

/** Undo: the inverse of the last step, where the layout still holds what the step left. */
export function undoOp(history: OpHistory, tree: LayoutTree): OpHistoryMove | null {
  let changes: LayoutChange[] = [];
  const move = undoHistoryStep(history, tree, (doc, step) => applyChangesToTree(doc, (changes = stillApplicable(doc, inverseChanges(step.changes)))));
  return move && { history: move.history, tree: move.doc, changes, selection: move.step.selectionBefore };
}

/** Redo: the next step again, where the layout still holds what it found. */
export function redoOp(history: OpHistory, tree: LayoutTree): OpHistoryMove | null {
  let changes: LayoutChange[] = [];
  const move = redoHistoryStep(history, tree, (doc, step) => applyChangesToTree(doc, (changes = stillApplicable(doc, step.changes))));
  return move && { history: move.history, tree: move.doc, changes, selection: move.step.selectionAfter };
}
