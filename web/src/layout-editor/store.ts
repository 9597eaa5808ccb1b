import { createContext, useContext, useSyncExternalStore } from 'react';
import type { FlatLayout, LayoutError, LayoutTree } from '@console/shared';
import type { LayoutAction } from './actions';
import { applyAction, initialEditorState, type EditorState } from './reducer';

/**
 * The editor's state outside React: components subscribe to the slice they show, so a property
 * change re-renders the node it changed (and whatever shows that node), and zoom or pan re-render
 * the viewport only, whatever the size of the layout.
 */
export interface LayoutEditorStore {
  getState(): EditorState;
  subscribe(listener: () => void): () => void;
  /** Applies an action; answers the reason when it was refused (the state is then unchanged). */
  dispatch(action: LayoutAction): LayoutError | null;
}

/** `base`: the stored layout the tree was opened from (live co-editing rebases on it). */
export function createLayoutEditorStore(tree: LayoutTree, base?: FlatLayout): LayoutEditorStore {
  let state = initialEditorState(tree, base);
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action) {
      const outcome = applyAction(state, action);
      if (outcome.state !== state) {
        state = outcome.state;
        for (const listener of listeners) listener();
      }
      return outcome.error;
    },
  };
}

const StoreContext = createContext<LayoutEditorStore | null>(null);
export const LayoutEditorStoreProvider = StoreContext.Provider;

export function useLayoutStore(): LayoutEditorStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useLayoutStore outside the layout editor');
  return store;
}

/** A slice of the editor's state; the component re-renders when that slice changes (Object.is). */
export function useEditorSelector<T>(selector: (state: EditorState) => T): T {
  const store = useLayoutStore();
  return useSyncExternalStore(store.subscribe, () => selector(store.getState()));
}
