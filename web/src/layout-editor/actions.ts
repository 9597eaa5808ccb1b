import type { HistoryKind, FlatLayout, LayoutConflict, LayoutNodeType, LayoutPath, StoredLayoutNode } from '@console/shared';

/** The canvas tool: select nodes, or drag to pan. */
export type CanvasTool = 'select' | 'hand';

/**
 * Every change the editor makes, as data (Puck's way). ACTION_HISTORY below says which ones are
 * user-level operations (one undo step each); UI-only actions never enter the history.
 */
export type LayoutAction =
  | { type: 'insert'; nodeType: LayoutNodeType; parentId: string; index?: number }
  | { type: 'move'; id: string; parentId: string; index: number }
  | { type: 'remove'; id: string }
  /** A property edit; consecutive edits of the same property of the same node are one step. */
  | { type: 'setProps'; id: string; patch: Record<string, unknown> }
  /** Pastes into the selected container (the root when nothing is selected). */
  | { type: 'paste'; nodes: StoredLayoutNode[] }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'select'; id: string | null }
  /** Ends the coalescing of property edits (the input lost focus). */
  | { type: 'closeStep' }
  | { type: 'setTool'; tool: CanvasTool }
  /** Space held or released: the hand tool for as long as it is held. */
  | { type: 'temporaryHand'; held: boolean }
  | { type: 'toggleTools' }
  | { type: 'zoomIn' }
  | { type: 'zoomOut' }
  | { type: 'zoomReset' }
  | { type: 'pan'; dx: number; dy: number }
  | { type: 'toggleMobile' }
  | { type: 'toggleCollapsed'; id: string }
  /** The stored layout as the listener saw it (someone else's save, or this editor's own). */
  | { type: 'remote'; layout: FlatLayout }
  /** The pending changes go out in one save (they are then `sync.inflight`). */
  | { type: 'saveStarted' }
  | { type: 'saveLanded'; stored: FlatLayout; conflicts: readonly LayoutConflict[] }
  | { type: 'saveFailed'; message: string }
  /** The operator settles a conflict: the stored value, or this editor's. */
  | { type: 'resolveConflict'; path: LayoutPath; keep: 'remote' | 'mine' };

export type LayoutActionType = LayoutAction['type'];

/**
 * 'record': a step of its own; 'history': moves in the history; 'none': UI state only. The
 * reducer enforces it through the editor kit's interceptHistory (reducer.ts).
 */
export const ACTION_HISTORY: Readonly<Record<LayoutActionType, HistoryKind>> = {
  insert: 'record',
  move: 'record',
  remove: 'record',
  setProps: 'record',
  paste: 'record',
  undo: 'history',
  redo: 'history',
  select: 'none',
  closeStep: 'none',
  setTool: 'none',
  temporaryHand: 'none',
  toggleTools: 'none',
  zoomIn: 'none',
  zoomOut: 'none',
  zoomReset: 'none',
  pan: 'none',
  toggleMobile: 'none',
  toggleCollapsed: 'none',
  // Sync: never a step of this editor (undo only takes back one's own operations).
  remote: 'none',
  saveStarted: 'none',
  saveLanded: 'none',
  saveFailed: 'none',
  resolveConflict: 'none',
};
