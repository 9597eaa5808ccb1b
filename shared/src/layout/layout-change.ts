/**
 * One key change of a stored layout's flat form (sync.ts): a whole node (`[id]`: an insert or a
 * removal), its place (`[id, 'parentId']`, `[id, 'order']`) or one property (`[id, 'props', name]`),
 * with the value it had before and the value it sets. Apart from sync.ts so the tree's in-place
 * patching (tree-changes.ts) and the sync both read it.
 */
export type LayoutPath = readonly [id: string] | readonly [id: string, field: 'parentId' | 'order'] | readonly [id: string, field: 'props', prop: string];

export interface LayoutChange {
  readonly path: LayoutPath;
  /** undefined: absent (a node not there yet, a property not set). */
  readonly before: unknown;
  readonly after: unknown;
}
