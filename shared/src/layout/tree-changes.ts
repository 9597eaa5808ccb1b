import { CONTAINER_TYPE } from './nodes.js';
import { flatNodeOf, layoutNodeOf, sameProps, treeFromFlat, type FlatLayout, type FlatLayoutNode } from './flat.js';
import { compareOrder } from './order.js';
import type { LayoutNode, LayoutTree } from './tree.js';
import type { LayoutChange, LayoutPath } from './layout-change.js';

/**
 * Key changes applied to the editor tree in place of a rebuild: an undo, a redo or a conflict
 * settled touches a few nodes, and rebuilding the 2,000-node tree from its flat form for each one
 * (copying every entry, sorting every id, a new node map) took 5–6 ms in the bench, where the
 * operations themselves take a tenth of a millisecond. Only the changed nodes and the containers
 * whose children they join or leave are written; every other node keeps its object.
 */

/** A stored entry with one key set (undefined: the node removed, or the property unset). */
export function flatNodeWithKey(node: FlatLayoutNode | undefined, path: LayoutPath, value: unknown): FlatLayoutNode | undefined {
  if (path.length === 1) return value as FlatLayoutNode | undefined;
  // A field of a node that is not there is skipped.
  if (!node) return undefined;
  if (path.length === 2) return { ...node, [path[1]]: value };
  const props = { ...node.props };
  if (value === undefined) delete props[path[2]];
  else props[path[2]] = value;
  return { ...node, props };
}

/**
 * `tree` with `changes` applied, touching only what they change; the same tree as rebuilding it
 * from its flat form with the changes (treeFromFlat). Null when the result needs the rebuild's
 * repairs (a node left without its parent, a parent that is not a container, a cycle, a node whose
 * type changed, the root's place), which only a co-editing clash produces.
 */
export function patchTree(tree: LayoutTree, changes: readonly LayoutChange[]): LayoutTree | null {
  const { rootId } = tree;
  // The entries the changes leave, by id (undefined: removed).
  const touched = new Map<string, FlatLayoutNode | undefined>();
  for (const change of changes) {
    const [id] = change.path;
    if (id === rootId && change.path.length !== 3) return null;
    const node = touched.has(id) ? touched.get(id) : entryOf(tree.nodes.get(id));
    touched.set(id, flatNodeWithKey(node, change.path, change.after));
  }
  const exists = (id: string) => (touched.has(id) ? touched.get(id) !== undefined : tree.nodes.has(id));
  const parentAfter = (id: string) => (touched.has(id) ? touched.get(id)?.parentId : tree.nodes.get(id)?.parentId);
  const typeAfter = (id: string) => (touched.has(id) ? touched.get(id)?.type : tree.nodes.get(id)?.type);

  // The touched nodes by the container they end in; the containers whose children change.
  const joining = new Map<string, string[]>();
  const affected = new Set<string>();
  for (const [id, after] of touched) {
    const before = tree.nodes.get(id);
    if (before && before.parentId !== null) affected.add(before.parentId);
    if (!after) {
      // Children left in a removed container would be lifted to the root: the rebuild's case.
      for (const child of before?.children ?? []) if (exists(child) && parentAfter(child) === id) return null;
      continue;
    }
    if (before && before.type !== after.type) return null;
    if (after.type === CONTAINER_TYPE) affected.add(id);
    if (id === rootId) continue;
    const parentId = after.parentId;
    if (parentId === null || typeAfter(parentId) !== CONTAINER_TYPE) return null;
    if (!before || before.parentId !== parentId) {
      // A cycle (moved under its own descendant) would be lifted to the root: the rebuild's case.
      let at: string | null | undefined = parentId;
      for (let steps = 0; at !== rootId; steps++) {
        if (at === id || at == null || steps > tree.nodes.size + touched.size) return null;
        at = parentAfter(at);
      }
    }
    affected.add(parentId);
    let list = joining.get(parentId);
    if (!list) joining.set(parentId, (list = []));
    list.push(id);
  }

  const orderOf = (id: string) => (touched.has(id) ? touched.get(id)!.order : tree.nodes.get(id)!.order);
  const childrenAfter = (id: string): string[] =>
    [...(tree.nodes.get(id)?.children ?? []).filter((child) => !touched.has(child)), ...(joining.get(id) ?? [])]
      .map((child) => ({ id: child, order: orderOf(child) }))
      .sort(compareOrder)
      .map((child) => child.id);

  const nodes = tree.nodes.edit();
  for (const [id, after] of touched) {
    if (!after) {
      nodes.delete(id);
      continue;
    }
    const root = id === rootId;
    const children = after.type === CONTAINER_TYPE ? childrenAfter(id) : null;
    nodes.set(id, layoutNodeOf(id, after, root ? null : after.parentId, root ? '' : after.order, children, tree.nodes.get(id)));
  }
  for (const id of affected) {
    const node = tree.nodes.get(id);
    if (touched.has(id) || !node) continue;
    const next = layoutNodeOf(id, entryOf(node)!, node.parentId, node.order, childrenAfter(id), node);
    if (next !== node) nodes.set(id, next);
  }
  return { rootId, nodes: nodes.done() };
}

/**
 * `tree` brought to `flat` (the stored layout with this editor's changes on it, after a save
 * landed or someone else's save arrived): the entries that differ are applied in place, and the
 * tree is the one treeFromFlat(flat, tree) gives — rebuilt that way only when the rebuild's
 * repairs are needed. Comparing the entries reads every node once; rebuilding them took 5–10 ms at
 * 2,000 nodes on every save and every snapshot.
 */
export function treeWithFlat(flat: FlatLayout, tree: LayoutTree): LayoutTree {
  const { rootId } = flat;
  if (rootId !== tree.rootId) return treeFromFlat(flat, tree);
  const changes: LayoutChange[] = [];
  let kept = 0;
  for (const [id, entry] of Object.entries(flat.nodes)) {
    const node = tree.nodes.get(id);
    if (node) kept++;
    if (id === rootId) {
      // The root's place is not stored (treeFromFlat ignores it): only its props can differ.
      if (!node || node.type !== entry.type) return treeFromFlat(flat, tree);
      if (sameProps(node.props, entry.props)) continue;
      for (const prop of new Set([...Object.keys(node.props), ...Object.keys(entry.props)])) {
        if (!Object.is(node.props[prop], entry.props[prop])) changes.push({ path: [id, 'props', prop], before: node.props[prop], after: entry.props[prop] });
      }
      continue;
    }
    if (node && node.type === entry.type && node.parentId === entry.parentId && node.order === entry.order && sameProps(node.props, entry.props)) continue;
    changes.push({ path: [id], before: entryOf(node), after: entry });
  }
  if (kept < tree.nodes.size) {
    for (const node of tree.nodes.values()) if (!Object.hasOwn(flat.nodes, node.id)) changes.push({ path: [node.id], before: entryOf(node), after: undefined });
  }
  if (changes.length === 0) return tree;
  return patchTree(tree, changes) ?? treeFromFlat(flat, tree);
}

const entryOf = (node: LayoutNode | undefined): FlatLayoutNode | undefined => node && flatNodeOf(node);
