import {
  closeStep,
  createHistory,
  LAYOUT_ERROR_MESSAGES,
  insertNodes,
  moveNode,
  newStoredNode,
  randomNodeId,
  recordStep,
  redo,
  removeNode,
  setNodeProps,
  undo,
  withSelection,
  zoomIn,
  zoomOut,
  zoomReset,
  isContainer,
  type History,
  type LayoutError,
  type LayoutResult,
  type LayoutTree,
  type NewNodeId,
} from '@console/shared';
import type { CanvasTool, LayoutAction } from './actions';

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
  /** The layout and the selection, with undo and redo. */
  history: History<LayoutTree>;
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

export function initialEditorState(tree: LayoutTree): EditorState {
  return { history: createHistory(tree, null), view: initialView() };
}

export const currentTree = (state: EditorState) => state.history.present.state;
export const currentSelection = (state: EditorState) => state.history.present.selection;

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
  if (tree === currentTree(state)) {
    return { state: selection === currentSelection(state) ? state : { ...state, history: withSelection(state.history, selection) }, error: null };
  }
  const before = subject === currentSelection(state) ? state.history : withSelection(state.history, subject);
  return { state: { ...state, history: recordStep(before, tree, selection, coalesceKey) }, error: null };
}

const mapped = <T, U>(result: LayoutResult<T>, f: (value: T) => U): LayoutResult<U> => (result.ok ? { ok: true, value: f(result.value) } : result);

const view = (state: EditorState, patch: Partial<EditorView>): ActionOutcome => ({ state: { ...state, view: { ...state.view, ...patch } }, error: null });

/**
 * The editor's reducer: pure, every change through one action. `newId` makes the ids of inserted
 * and pasted nodes (tests pass a counter).
 */
export function applyAction(state: EditorState, action: LayoutAction, newId: NewNodeId = randomNodeId): ActionOutcome {
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
      return { state: { ...state, history: undo(state.history) }, error: null };
    case 'redo':
      return { state: { ...state, history: redo(state.history) }, error: null };
    case 'select':
      if (action.id !== null && !tree.nodes.get(action.id)) return { state, error: null };
      return { state: { ...state, history: withSelection(state.history, action.id) }, error: null };
    case 'closeStep':
      return { state: { ...state, history: closeStep(state.history) }, error: null };
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
