import { createContext, useContext, useEffect, useSyncExternalStore, type Dispatch } from 'react';
import type { ConditionContext, ConditionIssue, ConditionNode } from '@console/shared';
import type { EditorAction } from './editor-state';

/** What every node editor needs and never changes while editing (so memoised nodes stay put). */
export interface ConditionEditorEnv {
  dispatch: Dispatch<EditorAction>;
  context: ConditionContext;
  disabled: boolean;
  issues: IssueStore;
  /** Inputs whose text is not a value yet (`abc` in a number box): nothing of theirs is saved. */
  drafts: DraftStore;
  /**
   * The node at a path of the current tree, read when an event needs it: controls that change a
   * node from its current value (type selects, the field picker) then re-render only when what
   * they show changes, not at every edit beneath them.
   */
  nodeAt(pathKey: string): ConditionNode | undefined;
}

export const ConditionEditorContext = createContext<ConditionEditorEnv | null>(null);

export function useConditionEditor(): ConditionEditorEnv {
  const env = useContext(ConditionEditorContext);
  if (!env) throw new Error('useConditionEditor outside <ConditionBuilder>');
  return env;
}

/**
 * The type checker's messages by node path. Each node subscribes to its own path, so after a
 * keystroke only the nodes whose message changed re-render.
 */
export class IssueStore {
  private byPath = new Map<string, string>();
  private listeners = new Set<() => void>();

  set(issues: ConditionIssue[]): void {
    const next = new Map<string, string>();
    for (const issue of issues) {
      const key = issue.path.join('.');
      next.set(key, next.has(key) ? `${next.get(key)} ${issue.message}` : issue.message);
    }
    const changed = next.size !== this.byPath.size || [...next].some(([k, v]) => this.byPath.get(k) !== v);
    this.byPath = next;
    if (changed) for (const l of this.listeners) l();
  }

  message(pathKey: string): string | undefined {
    return this.byPath.get(pathKey);
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

export function useNodeIssue(pathKey: string): string | undefined {
  const { issues } = useConditionEditor();
  return useSyncExternalStore(issues.subscribe, () => issues.message(pathKey));
}

export function pathOf(pathKey: string): number[] {
  return pathKey === '' ? [] : pathKey.split('.').map(Number);
}

export function childKey(pathKey: string, index: number): string {
  return pathKey === '' ? String(index) : `${pathKey}.${index}`;
}

/** Inputs holding text that is not a value, by node path: the builder says its changes are pending. */
export class DraftStore {
  private invalid = new Set<string>();
  private listeners = new Set<() => void>();

  set(pathKey: string, invalid: boolean): void {
    if (invalid === this.invalid.has(pathKey)) return;
    if (invalid) this.invalid.add(pathKey);
    else this.invalid.delete(pathKey);
    for (const l of this.listeners) l();
  }

  count = (): number => this.invalid.size;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/** Reports whether the input at `pathKey` holds text that is not a value (cleared on unmount). */
export function useDraftProblem(pathKey: string, invalid: boolean): void {
  const { drafts } = useConditionEditor();
  useEffect(() => {
    drafts.set(pathKey, invalid);
    return () => drafts.set(pathKey, false);
  }, [drafts, pathKey, invalid]);
}
