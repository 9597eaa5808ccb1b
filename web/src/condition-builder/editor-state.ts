import {
  addOperand,
  moveOperand,
  transferOperand,
  normaliseCondition,
  removeOperand,
  replaceNode,
  unwrapNode,
  wrapNode,
  applyJsonChanges,
  closeHistoryStep,
  createEditorHistory,
  createStoredValueSync,
  diffJson,
  interceptHistory,
  inverseJsonChanges,
  jsonEqual,
  receiveStoredValue,
  recordHistoryStep,
  redoHistoryStep,
  sentValue,
  undoHistoryStep,
  type ConditionNode,
  type EditorHistory,
  type HistoryKind,
  type JsonChange,
  type NodePath,
  type StoredValueSync,
} from '@console/shared';

/**
 * The condition editor's state: the tree, this editor's own history and how it keeps in step with
 * the stored value (the editor kit: editor-kit/history.ts, value-sync.ts). Every change is an
 * action of one discriminated union; HISTORY_KINDS says which ones enter the undo history, and
 * `editorReducer` enforces it (interceptHistory). A step is the JSON changes an edit made, so undo
 * takes back only this editor's own edit on the tree as it is now: a change saved elsewhere since
 * stays. Typing in one input coalesces into one step.
 */
export type EditorAction =
  | { type: 'replace'; path: NodePath; node: ConditionNode; /** Same key within COALESCE_MS: one undo step. */ coalesce?: string }
  | { type: 'add'; parentPath: NodePath; node: ConditionNode }
  | { type: 'remove'; path: NodePath }
  | { type: 'wrap'; path: NodePath; wrapper: 'AND' | 'OR' | 'IF'; extra: ConditionNode[] }
  | { type: 'unwrap'; path: NodePath }
  | { type: 'move'; parentPath: NodePath; from: number; to: number }
  /** A drag to another group: the operand at `from` goes to `toParent` at `toIndex`. */
  | { type: 'transfer'; from: NodePath; toParent: NodePath; toIndex: number }
  | { type: 'set-tree'; tree: ConditionNode | null }
  | { type: 'undo' }
  | { type: 'redo' }
  /** The stored value as the form hands it (this editor's echo, or someone else's save). */
  | { type: 'remote'; stored: ConditionNode | null }
  /** This editor sent its tree out to be stored. */
  | { type: 'sent'; tree: ConditionNode | null }
  /** The operator read the conflict notice. */
  | { type: 'dismiss-conflicts' };

export const HISTORY_KINDS: Readonly<Record<EditorAction['type'], HistoryKind>> = {
  replace: 'record',
  add: 'record',
  remove: 'record',
  wrap: 'record',
  unwrap: 'record',
  move: 'record',
  transfer: 'record',
  'set-tree': 'record',
  undo: 'history',
  redo: 'history',
  // Sync: never a step of this editor (undo only takes back one's own edits).
  remote: 'none',
  sent: 'none',
  'dismiss-conflicts': 'none',
};

/** The JSON changes one edit made to the tree. */
export interface ConditionStep {
  readonly changes: readonly JsonChange[];
}

export interface EditorState {
  tree: ConditionNode | null;
  history: EditorHistory<ConditionStep>;
  sync: StoredValueSync<ConditionNode | null>;
  /** This editor's changes refused because someone else changed the same place: shown until read. */
  conflicts: readonly JsonChange[];
  /** Coalescing key and time of the last recorded action. */
  last?: { key: string; at: number };
  /** Counts changes that must go out (edits, undo, redo, a merge that kept edits of this editor). */
  revision: number;
}

export const HISTORY_LIMIT = 100;

const normalised = (tree: ConditionNode | null) => tree && normaliseCondition(tree);
export const COALESCE_MS = 1000;

/**
 * Stored values are compared and shown in normal form (normaliseCondition, the one the
 * `conditionSql` trigger stores): a tree written elsewhere in another shape (a group of one, an OR
 * inside an OR) is shown reduced, and the reduction is nobody's edit: it is never sent, never
 * marks the form as changed, and is not a change of this editor's when someone else saves.
 */
export function initialEditorState(stored: ConditionNode | null): EditorState {
  const tree = normalised(stored);
  return { tree, history: createEditorHistory(), sync: createStoredValueSync(tree), conflicts: [], revision: 0 };
}

/** Whether the tree differs from the stored value (both in normal form) or an earlier send is still to be stored over. */
export const hasEditsToSend = (state: EditorState) => state.sync.pending.length > 0 || !jsonEqual(state.tree, state.sync.base);

export const canUndo = (state: EditorState) => state.history.past.length > 0;
export const canRedo = (state: EditorState) => state.history.future.length > 0;

function applyEdit(tree: ConditionNode | null, action: EditorAction): ConditionNode | null {
  switch (action.type) {
    case 'set-tree':
      return action.tree;
    case 'replace':
      return tree && replaceNode(tree, action.path, action.node);
    case 'add':
      return tree && addOperand(tree, action.parentPath, action.node);
    case 'remove':
      return tree && removeOperand(tree, action.path);
    case 'wrap':
      return tree && wrapNode(tree, action.path, action.wrapper, action.extra);
    case 'unwrap':
      return tree && unwrapNode(tree, action.path);
    case 'move':
      return tree && moveOperand(tree, action.parentPath, action.from, action.to);
    case 'transfer':
      return tree && transferOperand(tree, action.from, action.toParent, action.toIndex);
    default:
      return tree;
  }
}

const mergeSteps = (first: ConditionStep, second: ConditionStep): ConditionStep => ({ changes: [...first.changes, ...second.changes] });

/** One step taken back (or made again) where the tree still holds what it left. */
function replay(tree: ConditionNode | null, changes: readonly JsonChange[]): ConditionNode | null {
  return normalised(applyJsonChanges(tree, changes).value);
}

function reduce(state: EditorState, action: EditorAction, now: number): EditorState {
  switch (action.type) {
    case 'undo': {
      const move = undoHistoryStep(state.history, state.tree, (tree, step) => replay(tree, inverseJsonChanges(step.changes)));
      return move ? { ...state, tree: move.doc, history: move.history, last: undefined, revision: state.revision + 1 } : state;
    }
    case 'redo': {
      const move = redoHistoryStep(state.history, state.tree, (tree, step) => replay(tree, step.changes));
      return move ? { ...state, tree: move.doc, history: move.history, last: undefined, revision: state.revision + 1 } : state;
    }
    case 'remote': {
      const stored = normalised(action.stored);
      const received = receiveStoredValue(state.sync, stored, state.tree);
      if (received.echo) return { ...state, sync: received.sync };
      const tree = normalised(received.value);
      // A merge that kept edits of this editor goes out again, so they are stored too.
      const carriesEdits = !jsonEqual(tree, stored);
      return {
        ...state,
        tree,
        sync: received.sync,
        conflicts: received.conflicts.length ? [...state.conflicts, ...received.conflicts] : state.conflicts,
        history: closeHistoryStep(state.history),
        last: undefined,
        revision: carriesEdits ? state.revision + 1 : state.revision,
      };
    }
    case 'sent':
      return { ...state, sync: sentValue(state.sync, action.tree) };
    case 'dismiss-conflicts':
      return state.conflicts.length ? { ...state, conflicts: [] } : state;
    default: {
      const tree = normalised(applyEdit(state.tree, action));
      if (tree === state.tree) return state;
      const key = action.type === 'replace' ? action.coalesce : undefined;
      const coalesce = key !== undefined && state.last?.key === key && now - state.last.at < COALESCE_MS;
      const history = recordHistoryStep(
        coalesce ? state.history : closeHistoryStep(state.history),
        { changes: diffJson(state.tree, tree) },
        {
          coalesceKey: key ?? null,
          merge: mergeSteps,
          limit: HISTORY_LIMIT,
        },
      );
      return { ...state, tree, history, last: key ? { key, at: now } : undefined, revision: state.revision + 1 };
    }
  }
}

/** The editor's reducer, with the history kinds enforced (editor kit); `now` for tests of coalescing. */
export function editorReducer(state: EditorState, action: EditorAction, now = Date.now()): EditorState {
  return interceptHistory<EditorState, EditorAction, ConditionStep, EditorState>(
    HISTORY_KINDS,
    (s) => s.history,
    (s) => s,
    (s, a) => reduce(s, a, now),
  )(state, action);
}
