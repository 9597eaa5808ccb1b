import {
  addOperand,
  moveOperand,
  transferOperand,
  normaliseCondition,
  removeOperand,
  replaceNode,
  unwrapNode,
  wrapNode,
  type ConditionNode,
  type NodePath,
} from '@console/shared';

/**
 * The condition editor's state: the tree and its history. Every change is an action of one
 * discriminated union; `recordsHistory` says which ones enter the undo history (UI-only and
 * history actions do not). Typing in one input coalesces into one history entry.
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
  /** A value changed from outside (another tab, a reload): replaces the tree, history kept. */
  | { type: 'load'; tree: ConditionNode | null };

export const recordsHistory: Record<EditorAction['type'], boolean> = {
  replace: true,
  add: true,
  remove: true,
  wrap: true,
  unwrap: true,
  move: true,
  transfer: true,
  'set-tree': true,
  undo: false,
  redo: false,
  load: false,
};

export interface EditorState {
  tree: ConditionNode | null;
  past: (ConditionNode | null)[];
  future: (ConditionNode | null)[];
  /** Coalescing key and time of the last recorded action. */
  last?: { key: string; at: number };
  /** Counts user edits (not loads), so the widget knows when to save. */
  revision: number;
}

export const HISTORY_LIMIT = 100;
export const COALESCE_MS = 1000;

export function initialEditorState(tree: ConditionNode | null): EditorState {
  return { tree, past: [], future: [], revision: 0 };
}

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

export function editorReducer(state: EditorState, action: EditorAction, now = Date.now()): EditorState {
  switch (action.type) {
    case 'undo': {
      if (state.past.length === 0) return state;
      const previous = state.past[state.past.length - 1]!;
      return { ...state, tree: previous, past: state.past.slice(0, -1), future: [state.tree, ...state.future], last: undefined, revision: state.revision + 1 };
    }
    case 'redo': {
      if (state.future.length === 0) return state;
      const [next, ...future] = state.future;
      return { ...state, tree: next!, past: [...state.past, state.tree], future, last: undefined, revision: state.revision + 1 };
    }
    case 'load':
      return { ...state, tree: action.tree, last: undefined };
    default: {
      const edited = applyEdit(state.tree, action);
      const tree = edited && normaliseCondition(edited);
      if (tree === state.tree) return state;
      const key = action.type === 'replace' ? action.coalesce : undefined;
      const coalesced = key !== undefined && state.last?.key === key && now - state.last.at < COALESCE_MS;
      const past = coalesced ? state.past : [...state.past, state.tree].slice(-HISTORY_LIMIT);
      return { tree, past, future: [], last: key ? { key, at: now } : undefined, revision: state.revision + 1 };
    }
  }
}
