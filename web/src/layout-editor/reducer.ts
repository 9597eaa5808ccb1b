import {
  addLocalChanges,
  closeOpStep,
  createLayoutSync,
  createOpHistory,
  diffTrees,
  flatFromTree,
  LAYOUT_ERROR_MESSAGES,
  insertNodes,
  moveNode,
  newStoredNode,
  randomNodeId,
  receiveRemote,
  recordOp,
  redoOp,
  removeNode,
  resolveLayoutConflict,
  saveFailed,
  saveLanded,
  setNodeProps,
  startSave,
  undoOp,
  zoomIn,
  zoomOut,
  zoomReset,
  isContainer,
  type FlatLayout,
  type LayoutError,
  type LayoutResult,
  type LayoutSyncState,
  type LayoutTree,
  type NewNodeId,
  type OpHistory,
  type OpHistoryMove,
  type OpStep,
  interceptHistory,
} from '@console/shared';
import { ACTION_HISTORY, type CanvasTool, type LayoutAction } from './actions';

export interface EditorView {
  tool: CanvasTool;
  /** Space is held: the hand tool until it is released. */
  spaceHand: boolean;
  toolsHidden: boolean;
  zoom: number;
  pan: { x: number; y: number };
  mobile: boolean;
  /** Containers folded in the layer tree. */
  collapsed: ReadonlySet<string>;
}

export interface EditorState {
  /** The layout as this editor shows it: the stored layout with this editor's unsaved changes. */
  tree: LayoutTree;
  selection: string | null;
  /** This editor's own operations, for undo and redo (layout/op-history.ts). */
  history: OpHistory;
  /** The stored layout, the changes not yet saved and the conflicts (layout/sync.ts). */
  sync: LayoutSyncState;
  /** Why the last save failed, in Portuguese (shown in the drawer); null once a save lands. */
  saveError: string | null;
  view: EditorView;
}

export const initialView = (): EditorView => ({
  tool: 'select',
  spaceHand: false,
  toolsHidden: false,
  zoom: 1,
  pan: { x: 0, y: 0 },
  mobile: false,
  collapsed: new Set(),
});

/** `base`: the stored layout the tree was opened from (its flat form when not given). */
export function initialEditorState(tree: LayoutTree, base: FlatLayout = flatFromTree(tree)): EditorState {
  return { tree, selection: null, history: createOpHistory(), sync: createLayoutSync(base), saveError: null, view: initialView() };
}

export const currentTree = (state: EditorState) => state.tree;
export const currentSelection = (state: EditorState) => state.selection;

/** A selection that still names a node of `tree`. */
const kept = (tree: LayoutTree, selection: string | null) => (selection !== null && tree.nodes.has(selection) ? selection : null);

function select(state: EditorState, selection: string | null): EditorState {
  if (state.selection === selection && state.history.coalesceKey === null) return state;
  return { ...state, selection, history: closeOpStep(state.history) };
}

function moved(state: EditorState, move: OpHistoryMove | null): ActionOutcome {
  if (!move) return { state, error: null };
  return {
    state: { ...state, tree: move.tree, selection: kept(move.tree, move.selection), history: move.history, sync: addLocalChanges(state.sync, move.changes) },
    error: null,
  };
}

/** What an action did: the next state, or the reason it was refused (the state is then unchanged). */
export interface ActionOutcome {
  state: EditorState;
  error: LayoutError | null;
}

/**
 * Records an operation's result as a step. `subject` is the node the operation is about (the node
 * moved, edited or removed; the container inserted into): it becomes the selection of the state
 * before the step, so undo selects what it changed back, and redo selects what the step selected.
 */
function step(
  state: EditorState,
  result: LayoutResult<{ tree: LayoutTree; selection: string | null }>,
  subject: string | null,
  coalesceKey: string | null = null,
): ActionOutcome {
  if (!result.ok) return { state, error: result.error };
  const { tree, selection } = result.value;
  if (tree === state.tree) return { state: selection === state.selection ? state : select(state, selection), error: null };
  // The step is the key changes the operation made: what undo takes back, what the save writes.
  const changes = diffTrees(state.tree, tree);
  const history = subject === state.selection ? state.history : closeOpStep(state.history);
  return {
    state: {
      ...state,
      tree,
      selection,
      history: recordOp(history, { changes, selectionBefore: subject, selectionAfter: selection }, coalesceKey),
      sync: addLocalChanges(state.sync, changes),
    },
    error: null,
  };
}

const mapped = <T, U>(result: LayoutResult<T>, f: (value: T) => U): LayoutResult<U> => (result.ok ? { ok: true, value: f(result.value) } : result);

const view = (state: EditorState, patch: Partial<EditorView>): ActionOutcome => ({ state: { ...state, view: { ...state.view, ...patch } }, error: null });

/**
 * The editor's reducer: pure, every change through one action. `newId` makes the ids of inserted
 * and pasted nodes (tests pass a counter). ACTION_HISTORY says which actions are steps; the editor
 * kit's interceptor enforces it here, in one place, for every action.
 */
export function applyAction(state: EditorState, action: LayoutAction, newId: NewNodeId = randomNodeId): ActionOutcome {
  return interceptHistory<EditorState, LayoutAction, OpStep, ActionOutcome>(
    ACTION_HISTORY,
    (s) => s.history,
    (outcome) => outcome.state,
    (s, a) => reduceAction(s, a, newId),
  )(state, action);
}

function reduceAction(state: EditorState, action: LayoutAction, newId: NewNodeId): ActionOutcome {
  const tree = currentTree(state);
  const selection = currentSelection(state);
  switch (action.type) {
    case 'insert':
      return step(
        state,
        mapped(insertNodes(tree, action.parentId, [newStoredNode(action.nodeType, 'new')], newId, action.index), (r) => ({
          tree: r.tree,
          selection: r.ids[0]!,
        })),
        action.parentId,
      );
    case 'move':
      return step(
        state,
        mapped(moveNode(tree, action.id, action.parentId, action.index), (t) => ({ tree: t, selection: action.id })),
        action.id,
      );
    case 'remove': {
      const parent = tree.nodes.get(action.id)?.parentId ?? null;
      return step(
        state,
        mapped(removeNode(tree, action.id), (t) => ({ tree: t, selection: parent })),
        action.id,
      );
    }
    case 'setProps':
      return step(
        state,
        mapped(setNodeProps(tree, action.id, action.patch), (t) => ({ tree: t, selection })),
        action.id,
        `props:${action.id}:${Object.keys(action.patch).sort().join(',')}`,
      );
    case 'paste': {
      const target = selection ?? tree.rootId;
      if (!isContainer(tree.nodes.get(target))) return { state, error: { code: 'not-a-container', message: LAYOUT_ERROR_MESSAGES['not-a-container'] } };
      return step(
        state,
        mapped(insertNodes(tree, target, action.nodes, newId), (r) => ({ tree: r.tree, selection: r.ids[0]! })),
        target,
      );
    }
    case 'undo':
      return moved(state, undoOp(state.history, tree));
    case 'redo':
      return moved(state, redoOp(state.history, tree));
    case 'select':
      if (action.id !== null && !tree.nodes.get(action.id)) return { state, error: null };
      return { state: select(state, action.id), error: null };
    case 'closeStep':
      return { state: { ...state, history: closeOpStep(state.history) }, error: null };
    case 'remote': {
      const received = receiveRemote(state.sync, action.layout, tree);
      if (!received) return { state, error: null };
      return { state: { ...state, sync: received.sync, tree: received.tree, selection: kept(received.tree, selection) }, error: null };
    }
    case 'saveStarted': {
      const started = startSave(state.sync);
      return started ? { state: { ...state, sync: started.sync }, error: null } : { state, error: null };
    }
    case 'saveLanded': {
      const landed = saveLanded(state.sync, action.stored, action.conflicts, tree);
      return { state: { ...state, sync: landed.sync, tree: landed.tree, selection: kept(landed.tree, selection), saveError: null }, error: null };
    }
    case 'saveFailed':
      return { state: { ...state, sync: saveFailed(state.sync), saveError: action.message }, error: null };
    case 'resolveConflict': {
      const resolved = resolveLayoutConflict(state.sync, action.path, action.keep, tree);
      return { state: { ...state, sync: resolved.sync, tree: resolved.tree }, error: null };
    }
    case 'setTool':
      return view(state, { tool: action.tool });
    case 'temporaryHand':
      return state.view.spaceHand === action.held ? { state, error: null } : view(state, { spaceHand: action.held });
    case 'toggleTools':
      return view(state, { toolsHidden: !state.view.toolsHidden });
    case 'zoomIn':
      return view(state, { zoom: zoomIn(state.view.zoom) });
    case 'zoomOut':
      return view(state, { zoom: zoomOut(state.view.zoom) });
    case 'zoomReset':
      return view(state, { zoom: zoomReset(), pan: { x: 0, y: 0 } });
    case 'pan':
      return view(state, { pan: { x: state.view.pan.x + action.dx, y: state.view.pan.y + action.dy } });
    case 'toggleMobile':
      return view(state, { mobile: !state.view.mobile });
    case 'toggleCollapsed': {
      const collapsed = new Set(state.view.collapsed);
      if (!collapsed.delete(action.id)) collapsed.add(action.id);
      return view(state, { collapsed });
    }
  }
}

/** The effective tool: the hand while Space is held. */
export const activeTool = (v: EditorView): CanvasTool => (v.spaceHand ? 'hand' : v.tool);
