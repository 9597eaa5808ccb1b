import { fail, ok, type LayoutResult } from './errors.js';
import { CONTAINER_TYPE, LAYOUT_NODE_SPECS, type LayoutNodeType, type StoredLayoutNode } from './nodes.js';
import { addStoredSubtree, isContainer, isSelfOrAncestor, subtreeIds, type LayoutNode, type LayoutTree, type NewNodeId } from './tree.js';
import type { NodeMapDraft } from './node-map.js';
import { compareOrder, orderKeysAt } from './order.js';

/**
 * Pure operations on the flat map. Each returns a new tree sharing every untouched node object
 * (so a renderer memoised per node redraws only the nodes that changed), or a typed error.
 */

const clampIndex = (index: number, length: number) => (Number.isInteger(index) ? Math.min(Math.max(index, 0), length) : length);

function withChildren(node: LayoutNode, children: readonly string[]): LayoutNode {
  return { ...node, children };
}

/** A new node of `type` with the spec's defaults, as stored. */
export function newStoredNode(type: LayoutNodeType, id: string): StoredLayoutNode {
  const node: StoredLayoutNode = { id, type, ...LAYOUT_NODE_SPECS[type].defaults() };
  if (type === CONTAINER_TYPE) node.children = [];
  return node;
}

/**
 * Inserts stored nodes (a palette drop, a paste) into the container `parentId` at `index`
 * (the end when omitted). Every inserted node gets a new id. Answers the tree and the new ids of
 * the inserted top-level nodes.
 */
export function insertNodes(
  tree: LayoutTree,
  parentId: string,
  stored: readonly StoredLayoutNode[],
  newId: NewNodeId,
  index?: number,
): LayoutResult<{ tree: LayoutTree; ids: string[] }> {
  const parent = tree.nodes.get(parentId);
  if (!parent) return fail('not-found');
  if (!isContainer(parent)) return fail('not-a-container');
  const nodes = tree.nodes.edit();
  const siblings = parent.children!;
  const keys = orderKeysAt(
    siblings.map((child) => nodes.get(child)!.order),
    clampIndex(index ?? siblings.length, siblings.length),
    stored.length,
  );
  const ids = stored.map((node, i) => addStoredSubtree(nodes, node, parentId, newId, true, keys[i]));
  nodes.set(parentId, withChildren(parent, sortedChildren(nodes, [...siblings, ...ids])));
  return ok({ tree: { rootId: tree.rootId, nodes: nodes.done() }, ids });
}

/**
 * Moves `id` into the container `parentId` at `index`, counted among the children once `id` has
 * left its old place (so moving within one parent and across parents read the same way).
 */
export function moveNode(tree: LayoutTree, id: string, parentId: string, index: number): LayoutResult<LayoutTree> {
  const node = tree.nodes.get(id);
  const target = tree.nodes.get(parentId);
  if (!node || !target) return fail('not-found');
  if (id === tree.rootId) return fail('root');
  if (!isContainer(target)) return fail('not-a-container');
  if (isSelfOrAncestor(tree, id, parentId)) return fail('cycle');
  const nodes = tree.nodes.edit();
  const oldParent = nodes.get(node.parentId!)!;
  const without = oldParent.children!.filter((child) => child !== id);
  if (oldParent.id === parentId) {
    const at = clampIndex(index, without.length);
    // Already there: nothing to write.
    if (oldParent.children![at] === id) return ok(tree);
    const [order] = orderKeysAt(
      without.map((child) => nodes.get(child)!.order),
      at,
      1,
    );
    nodes.set(id, { ...node, order: order! });
    nodes.set(parentId, withChildren(oldParent, sortedChildren(nodes, oldParent.children!)));
  } else {
    nodes.set(oldParent.id, withChildren(oldParent, without));
    const siblings = target.children!;
    const [order] = orderKeysAt(
      siblings.map((child) => nodes.get(child)!.order),
      clampIndex(index, siblings.length),
      1,
    );
    nodes.set(id, { ...node, parentId, order: order! });
    nodes.set(parentId, withChildren(target, sortedChildren(nodes, [...siblings, id])));
  }
  return ok({ rootId: tree.rootId, nodes: nodes.done() });
}

/** Children ids in their stored order: (order, id). */
function sortedChildren(nodes: NodeMapDraft<LayoutNode>, ids: readonly string[]): string[] {
  return ids
    .map((child) => nodes.get(child)!)
    .sort(compareOrder)
    .map((child) => child.id);
}

/** Removes `id` and its descendants. */
export function removeNode(tree: LayoutTree, id: string): LayoutResult<LayoutTree> {
  const node = tree.nodes.get(id);
  if (!node) return fail('not-found');
  if (id === tree.rootId) return fail('root');
  const nodes = tree.nodes.edit();
  for (const gone of subtreeIds(tree, id)) nodes.delete(gone);
  const parent = nodes.get(node.parentId!)!;
  nodes.set(
    parent.id,
    withChildren(
      parent,
      parent.children!.filter((child) => child !== id),
    ),
  );
  return ok({ rootId: tree.rootId, nodes: nodes.done() });
}

/** Sets stored fields of `id` (not its id, type or children). A value of undefined removes the field. */
export function setNodeProps(tree: LayoutTree, id: string, patch: Readonly<Record<string, unknown>>): LayoutResult<LayoutTree> {
  const node = tree.nodes.get(id);
  if (!node) return fail('not-found');
  const props: Record<string, unknown> = { ...node.props };
  let changed = false;
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'id' || key === 'type' || (key === 'children' && isContainer(node))) continue;
    if (Object.is(props[key], value) && (value !== undefined || !Object.hasOwn(props, key))) continue;
    changed = true;
    if (value === undefined) delete props[key];
    else props[key] = value;
  }
  if (!changed) return ok(tree);
  const nodes = tree.nodes.edit();
  nodes.set(id, { ...node, props });
  return ok({ rootId: tree.rootId, nodes: nodes.done() });
}
