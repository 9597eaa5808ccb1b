import { CONTAINER_TYPE, type StoredLayoutNode } from './nodes.js';
import { NodeMap, type NodeMapDraft } from './node-map.js';
import { childOrderKeys, compareOrder } from './order.js';

/**
 * One node of the editor's flat map. `props` are the node's stored fields other than id, type and
 * children, untouched (unknown fields included); `children` holds the child ids of a container and
 * is null for every other node.
 */
export interface LayoutNode {
  readonly id: string;
  readonly type: string;
  readonly parentId: string | null;
  readonly children: readonly string[] | null;
  /**
   * The node's place among its siblings: a fractional index (`fractional-indexing`), so a move or
   * an insert writes one key of one node and two editors' inserts never rewrite each other's
   * siblings. Children are listed by (order, id). The root's is ''.
   */
  readonly order: string;
  readonly props: Readonly<Record<string, unknown>>;
}

/**
 * A layout as the editor holds it: nodes by id (one object per node, replaced when it changes), in
 * a persistent map whose operations copy one bucket, not the whole map (a plain object of 2,000
 * keys took ~10 ms to copy in V8: bench/layout-editor).
 */
export interface LayoutTree {
  readonly rootId: string;
  readonly nodes: NodeMap<LayoutNode>;
}

/** Makes the ids of new nodes (pasted, added); tests pass a counter. */
export type NewNodeId = () => string;

export const randomNodeId: NewNodeId = () => {
  const bytes = new Uint8Array(4);
  globalThis.crypto.getRandomValues(bytes);
  return `node-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
};

export const isContainer = (node: LayoutNode | undefined): boolean => node?.children != null;

function splitFields(stored: StoredLayoutNode): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (key === 'id' || key === 'type') continue;
    if (key === 'children' && stored.type === CONTAINER_TYPE) continue;
    props[key] = value;
  }
  return props;
}

/**
 * Adds `stored` and its descendants to `nodes` under `parentId`. Ids already in use (or empty) are
 * replaced by new ones; `freshIds` gives every node a new id (a paste).
 */
export function addStoredSubtree(
  nodes: NodeMapDraft<LayoutNode>,
  stored: StoredLayoutNode,
  parentId: string | null,
  newId: NewNodeId,
  freshIds: boolean,
  order = '',
): string {
  let id = stored.id;
  if (freshIds || !id || nodes.has(id)) {
    do id = newId();
    while (nodes.has(id));
  }
  const container = stored.type === CONTAINER_TYPE;
  const children: string[] | null = container ? [] : null;
  nodes.set(id, { id, type: stored.type, parentId, children, order, props: splitFields(stored) });
  if (container) {
    const kids = stored.children ?? [];
    const keys = childOrderKeys(kids.length);
    kids.forEach((child, i) => children!.push(addStoredSubtree(nodes, child, id, newId, freshIds, keys[i])));
  }
  return id;
}

/** The stored (nested) form of the subtree at `id`: what the document holds, and what is copied. */
export function storedSubtree(tree: LayoutTree, id: string): StoredLayoutNode {
  const node = tree.nodes.get(id)!;
  const stored: StoredLayoutNode = { id: node.id, type: node.type, ...node.props };
  if (node.children) stored.children = node.children.map((child) => storedSubtree(tree, child));
  return stored;
}

export function layoutToStored(tree: LayoutTree): StoredLayoutNode {
  return storedSubtree(tree, tree.rootId);
}

/** Ids of `id`'s ancestors, nearest first. */
export function ancestorsOf(tree: LayoutTree, id: string): string[] {
  const out: string[] = [];
  for (let at = tree.nodes.get(id)?.parentId ?? null; at !== null; at = tree.nodes.get(at)?.parentId ?? null) out.push(at);
  return out;
}

/** True when `ancestor` is `id` or one of its ancestors. */
export function isSelfOrAncestor(tree: LayoutTree, ancestor: string, id: string): boolean {
  for (let at: string | null = id; at !== null; at = tree.nodes.get(at)?.parentId ?? null) if (at === ancestor) return true;
  return false;
}

/** `id` and all its descendants, depth first. */
export function subtreeIds(tree: LayoutTree, id: string): string[] {
  const out: string[] = [];
  const walk = (at: string) => {
    out.push(at);
    for (const child of tree.nodes.get(at)?.children ?? []) walk(child);
  };
  walk(id);
  return out;
}

/**
 * The rows of the layer tree in display order, with their depth; the children of a collapsed
 * container are left out.
 */
export function visibleRows(tree: LayoutTree, collapsed: ReadonlySet<string>): Array<{ id: string; depth: number }> {
  const rows: Array<{ id: string; depth: number }> = [];
  const walk = (id: string, depth: number) => {
    rows.push({ id, depth });
    if (collapsed.has(id)) return;
    for (const child of tree.nodes.get(id)?.children ?? []) walk(child, depth + 1);
  };
  walk(tree.rootId, 0);
  return rows;
}

/**
 * Checks the invariants every operation keeps: one root, parents and children agree, every node
 * reachable once from the root, only containers hold children. Returns the first problem, or null.
 */
export function layoutProblem(tree: LayoutTree): string | null {
  const root = tree.nodes.get(tree.rootId);
  if (!root) return 'sem raiz';
  if (root.parentId !== null) return 'a raiz tem pai';
  const seen = new Set<string>();
  const stack = [tree.rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) return `${id} aparece duas vezes`;
    seen.add(id);
    const node = tree.nodes.get(id);
    if (!node) return `${id} não existe`;
    if (node.id !== id) return `${id} com id ${node.id}`;
    if ((node.children !== null) !== (node.type === CONTAINER_TYPE)) return `${id}: filhos fora de um container`;
    const kids = node.children ?? [];
    for (const [i, child] of kids.entries()) {
      if (tree.nodes.get(child)?.parentId !== id) return `${child} não aponta para ${id}`;
      if (i > 0 && compareOrder(tree.nodes.get(kids[i - 1]!)!, tree.nodes.get(child)!) >= 0) return `${id}: filhos fora de ordem`;
      stack.push(child);
    }
  }
  if (seen.size !== tree.nodes.size) return 'nós fora da árvore';
  return null;
}
