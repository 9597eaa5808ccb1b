import { FLAT_LAYOUT_FORMAT, flatFromTree, flatNodeOf, treeFromFlat, type FlatLayout, type FlatLayoutNode } from './flat.js';
import type { LayoutTree } from './tree.js';
import type { LayoutChange, LayoutPath } from './layout-change.js';
import { flatNodeWithKey, patchTree, treeWithFlat } from './tree-changes.js';

/**
 * Live co-editing of a stored layout, by operation. Every operation of the editor (insert, move,
 * set a property, remove) is a list of key changes of the flat form: a whole node (`[id]`: an
 * insert or a removal), its place (`[id, 'parentId']`, `[id, 'order']`) or one property
 * (`[id, 'props', name]`), each with the value it had before and the value it sets. A save writes
 * those keys only; a change whose key someone else changed since (to another value) is a
 * conflict the operator settles, never an overwrite. Pure, framework-free.
 */
export type { LayoutChange, LayoutPath } from './layout-change.js';

/** A change of this editor refused because the same key changed elsewhere since. */
export interface LayoutConflict {
  readonly path: LayoutPath;
  readonly mine: unknown;
  /** The stored value now; undefined when the node or the property is gone. */
  readonly remote: unknown;
  /** This editor's node as it was, to put it back if the operator keeps theirs on a removed node. */
  readonly node: FlatLayoutNode | undefined;
}

/** The value of a field of a node that is not there: never equal to anything. */
const NO_NODE = Symbol('no node');

export const layoutPathKey = (path: LayoutPath): string => path.join('\u0000');

const hasIsEqual = (value: object): value is { isEqual(other: unknown): boolean } => typeof (value as { isEqual?: unknown }).isEqual === 'function';

/** Deep equality of stored values (SDK objects such as Timestamp compare with their isEqual). */
export function sameLayoutValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (hasIsEqual(a)) return Object.getPrototypeOf(a) === Object.getPrototypeOf(b) && a.isEqual(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameLayoutValue(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => sameLayoutValue(left[key], right[key]));
}

function valueOfNode(node: FlatLayoutNode | undefined, path: LayoutPath): unknown {
  if (path.length === 1) return node;
  if (!node) return NO_NODE;
  if (path.length === 2) return node[path[1]];
  return node.props[path[2]];
}

export const valueInFlat = (flat: FlatLayout, path: LayoutPath): unknown => valueOfNode(flat.nodes[path[0]], path);

export function valueInTree(tree: LayoutTree, path: LayoutPath): unknown {
  const node = tree.nodes.get(path[0]);
  return valueOfNode(node ? flatNodeOf(node) : undefined, path);
}

/** Sets one key in a (copied) node map; a field of a node that is not there is skipped. */
function setKey(nodes: Record<string, FlatLayoutNode>, path: LayoutPath, value: unknown): void {
  const [id] = path;
  const node = flatNodeWithKey(nodes[id], path, value);
  if (node === undefined) delete nodes[id];
  else nodes[id] = node;
}

/** The key changes that turn `a` into `b` (two trees of one editor: untouched nodes are shared). */
export function diffTrees(a: LayoutTree, b: LayoutTree): LayoutChange[] {
  const changes: LayoutChange[] = [];
  for (const id of a.nodes.changedIds(b.nodes)) {
    const before = a.nodes.get(id);
    const after = b.nodes.get(id);
    if (!before || !after || before.type !== after.type) {
      changes.push({ path: [id], before: before && flatNodeOf(before), after: after && flatNodeOf(after) });
      continue;
    }
    if (before.parentId !== after.parentId) changes.push({ path: [id, 'parentId'], before: before.parentId, after: after.parentId });
    if (before.order !== after.order) changes.push({ path: [id, 'order'], before: before.order, after: after.order });
    if (before.props !== after.props) {
      for (const prop of new Set([...Object.keys(before.props), ...Object.keys(after.props)])) {
        if (!Object.is(before.props[prop], after.props[prop]))
          changes.push({ path: [id, 'props', prop], before: before.props[prop], after: after.props[prop] });
      }
    }
  }
  // Inserts first (parents before children), removals last: a change never lands on a missing node.
  const rank = (c: LayoutChange) => (c.path.length > 1 ? 1 : c.before === undefined ? 0 : 2);
  return changes.sort((x, y) => rank(x) - rank(y));
}

/** The changes undone: in reverse, each setting back what it found. */
export const inverseChanges = (changes: readonly LayoutChange[]): LayoutChange[] =>
  [...changes].reverse().map((change) => ({ path: change.path, before: change.after, after: change.before }));

export interface RebaseResult {
  /** The layout with the changes that apply. */
  flat: FlatLayout;
  /** The changes that applied (a change whose key already holds its value applies as a no-op). */
  applied: LayoutChange[];
  conflicts: LayoutConflict[];
}

/**
 * Applies `changes` in order on `base`: a change applies when its key still holds the value it
 * was made from (or already holds the value it sets); otherwise the key changed elsewhere and the
 * change is a conflict, left out. Keys are compared one by one, so changes to different nodes,
 * or to different properties of one node, all apply whatever the order they arrive in.
 */
export function rebaseChanges(base: FlatLayout, changes: readonly LayoutChange[]): RebaseResult {
  if (changes.length === 0) return { flat: base, applied: [], conflicts: [] };
  const nodes: Record<string, FlatLayoutNode> = { ...base.nodes };
  const applied: LayoutChange[] = [];
  const conflicts: LayoutConflict[] = [];
  const view = () => ({ ...base, nodes });
  for (const change of changes) {
    const current = valueInFlat(view(), change.path);
    if (sameLayoutValue(current, change.before) || sameLayoutValue(current, change.after)) {
      setKey(nodes, change.path, change.after);
      applied.push(change);
    } else {
      conflicts.push({
        path: change.path,
        mine: change.after,
        remote: current === NO_NODE ? undefined : current,
        node: change.path.length === 1 ? (change.before as FlatLayoutNode | undefined) : undefined,
      });
    }
  }
  return { flat: view(), applied, conflicts };
}

/**
 * Applies changes that are known to apply (undo and redo of one's own, already checked; a
 * conflict settled): only the nodes they touch change (tree-changes.ts), or, when they leave a
 * node without its parent or in a cycle (a co-editing clash), the tree is rebuilt with the
 * rebuild's repairs.
 */
export function applyChangesToTree(tree: LayoutTree, changes: readonly LayoutChange[]): LayoutTree {
  if (changes.length === 0) return tree;
  return patchTree(tree, changes) ?? rebuildTreeWithChanges(tree, changes);
}

/** The tree rebuilt from its flat form with `changes`: what applyChangesToTree must equal. */
export function rebuildTreeWithChanges(tree: LayoutTree, changes: readonly LayoutChange[]): LayoutTree {
  const flat = flatFromTree(tree);
  const nodes: Record<string, FlatLayoutNode> = { ...flat.nodes };
  for (const change of changes) setKey(nodes, change.path, change.after);
  return treeFromFlat({ ...flat, nodes }, tree);
}

/** Adds changes to a queue; a change of the same key as the last one merges with it (typing). */
export function queueChanges(queue: readonly LayoutChange[], more: readonly LayoutChange[]): LayoutChange[] {
  const out = [...queue];
  for (const change of more) {
    const last = out[out.length - 1];
    if (last && last.path.length > 1 && layoutPathKey(last.path) === layoutPathKey(change.path)) {
      out[out.length - 1] = { path: last.path, before: last.before, after: change.after };
      if (sameLayoutValue(last.before, change.after)) out.pop();
    } else out.push(change);
  }
  return out;
}

/**
 * What a save writes under the layout's field: field paths (relative to the field) and values;
 * `undefined` means delete the key. A whole node written replaces its fields, so a key is never
 * written both whole and by field.
 */
export interface LayoutWrite {
  readonly path: readonly string[];
  readonly value: unknown;
}

export interface SavePlan {
  /** The stored layout once the save lands (version + 1). */
  next: FlatLayout;
  /** The keys to write; empty with `replace` (the whole value is written: a first save, a migration). */
  writes: LayoutWrite[];
  /** Write the whole field (`next`): the stored value was not flat (nested, missing). */
  replace: boolean;
  conflicts: LayoutConflict[];
  applied: LayoutChange[];
}

/**
 * The save of `changes` onto the stored value read in the transaction: a stored value that is
 * not flat yet (the nested form of before, nothing) is replaced whole by its flat form with the
 * changes; otherwise only the keys the changes touch are written, plus the version.
 */
export function planSave(stored: FlatLayout, storedIsFlat: boolean, changes: readonly LayoutChange[]): SavePlan {
  const { flat, applied, conflicts } = rebaseChanges(stored, changes);
  const next: FlatLayout = { ...flat, format: FLAT_LAYOUT_FORMAT, version: stored.version + 1 };
  if (!storedIsFlat) return { next, writes: [], replace: true, conflicts, applied };
  const whole = new Set<string>();
  const fields = new Map<string, LayoutPath>();
  for (const change of applied) {
    if (change.path.length === 1) whole.add(change.path[0]);
    else fields.set(layoutPathKey(change.path), change.path);
  }
  const writes: LayoutWrite[] = [];
  for (const id of whole) writes.push({ path: ['nodes', id], value: next.nodes[id] });
  for (const path of fields.values()) {
    if (whole.has(path[0]) || !next.nodes[path[0]]) continue;
    writes.push({ path: ['nodes', ...path], value: valueInFlat(next, path) });
  }
  writes.push({ path: ['version'], value: next.version });
  return { next, writes, replace: false, conflicts, applied };
}

/** The state of one open editor's sync with the stored layout. */
export interface LayoutSyncState {
  /** The layout as last confirmed stored. */
  readonly base: FlatLayout;
  /** Local changes not yet sent. */
  readonly pending: readonly LayoutChange[];
  /** Changes being saved now. */
  readonly inflight: readonly LayoutChange[] | null;
  readonly conflicts: readonly LayoutConflict[];
}

export const createLayoutSync = (base: FlatLayout): LayoutSyncState => ({ base, pending: [], inflight: null, conflicts: [] });

function withConflicts(existing: readonly LayoutConflict[], more: readonly LayoutConflict[]): LayoutConflict[] {
  if (more.length === 0) return existing as LayoutConflict[];
  const keys = new Set(more.map((c) => layoutPathKey(c.path)));
  return [...existing.filter((c) => !keys.has(layoutPathKey(c.path))), ...more];
}

/** Conflicts on a node gone elsewhere remember this editor's node, to put it back on 'mine'. */
const withLocalNodes = (conflicts: readonly LayoutConflict[], tree: LayoutTree): LayoutConflict[] =>
  conflicts.map((c) => {
    if (c.node) return c;
    const node = tree.nodes.get(c.path[0]);
    return node ? { ...c, node: flatNodeOf(node) } : c;
  });

/** The local layout: the base with the changes under way and the pending ones. */
function localOf(sync: LayoutSyncState): { flat: FlatLayout; pending: LayoutChange[]; conflicts: LayoutConflict[] } {
  const withInflight = sync.inflight ? rebaseChanges(sync.base, sync.inflight).flat : sync.base;
  const rebased = rebaseChanges(withInflight, sync.pending);
  return { flat: rebased.flat, pending: rebased.applied, conflicts: rebased.conflicts };
}

/**
 * A stored layout seen by the listener: it becomes the base; pending changes whose key changed
 * there meanwhile become conflicts. A snapshot older than the base (a slow listener) is ignored
 * (null).
 */
export function receiveRemote(sync: LayoutSyncState, remote: FlatLayout, tree: LayoutTree): { sync: LayoutSyncState; tree: LayoutTree } | null {
  if (remote.version < sync.base.version) return null;
  const next = { ...sync, base: remote };
  const local = localOf(next);
  return {
    sync: { ...next, pending: local.pending, conflicts: withConflicts(sync.conflicts, withLocalNodes(local.conflicts, tree)) },
    tree: treeWithFlat(local.flat, tree),
  };
}

/** Local operations: queued for the next save. */
export const addLocalChanges = (sync: LayoutSyncState, changes: readonly LayoutChange[]): LayoutSyncState =>
  changes.length === 0 ? sync : { ...sync, pending: queueChanges(sync.pending, changes) };

/** The pending changes go out: answers them (null when nothing is pending or a save is under way). */
export function startSave(sync: LayoutSyncState): { sync: LayoutSyncState; changes: readonly LayoutChange[] } | null {
  if (sync.inflight || sync.pending.length === 0) return null;
  return { sync: { ...sync, inflight: sync.pending, pending: [] }, changes: sync.pending };
}

/** The save landed: `stored` is the layout it wrote; refused changes are conflicts. */
export function saveLanded(
  sync: LayoutSyncState,
  stored: FlatLayout,
  conflicts: readonly LayoutConflict[],
  tree: LayoutTree,
): { sync: LayoutSyncState; tree: LayoutTree } {
  const next: LayoutSyncState = {
    // What the transaction read and wrote is the newest stored layout (even if its version went
    // back: a whole value written elsewhere, e.g. a record restored); later snapshots follow it.
    base: stored,
    inflight: null,
    pending: sync.pending,
    conflicts: withConflicts(sync.conflicts, withLocalNodes(conflicts, tree)),
  };
  const local = localOf(next);
  return {
    sync: { ...next, pending: local.pending, conflicts: withConflicts(next.conflicts, withLocalNodes(local.conflicts, tree)) },
    tree: treeWithFlat(local.flat, tree),
  };
}

/** The save failed: its changes go back in front of the pending ones, to be tried again. */
export const saveFailed = (sync: LayoutSyncState): LayoutSyncState => ({ ...sync, inflight: null, pending: [...(sync.inflight ?? []), ...sync.pending] });

/**
 * The operator's answer to a conflict: the stored value stays ('remote'), or this editor's value
 * is saved over it ('mine', a new change made from the stored value; a node removed elsewhere is
 * put back as this editor had it).
 */
export function resolveLayoutConflict(
  sync: LayoutSyncState,
  path: LayoutPath,
  keep: 'remote' | 'mine',
  tree: LayoutTree,
): { sync: LayoutSyncState; tree: LayoutTree; change: LayoutChange | null } {
  const key = layoutPathKey(path);
  const conflict = sync.conflicts.find((c) => layoutPathKey(c.path) === key);
  if (!conflict) return { sync, tree, change: null };
  const conflicts = sync.conflicts.filter((c) => c !== conflict);
  if (keep === 'remote') return { sync: { ...sync, conflicts }, tree, change: null };
  let change: LayoutChange;
  if (path.length > 1 && !tree.nodes.get(path[0])) {
    const node = conflict.node ?? { type: 'TextComponent', parentId: tree.rootId, order: 'a0', props: {} };
    change = { path: [path[0]], before: undefined, after: setField(node, path, conflict.mine) };
  } else {
    change = { path, before: valueInTree(tree, path), after: conflict.mine };
  }
  return { sync: { ...sync, conflicts, pending: queueChanges(sync.pending, [change]) }, tree: applyChangesToTree(tree, [change]), change };
}

function setField(node: FlatLayoutNode, path: LayoutPath, value: unknown): FlatLayoutNode {
  const nodes: Record<string, FlatLayoutNode> = { x: node };
  setKey(nodes, ['x', ...path.slice(1)] as unknown as LayoutPath, value);
  return nodes.x!;
}
