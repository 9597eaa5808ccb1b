import { CONTAINER_TYPE } from './nodes.js';
import { NodeMap } from './node-map.js';
import { compareOrder } from './order.js';
import type { LayoutNode, LayoutTree } from './tree.js';

/**
 * How a layout is stored: flat, one map entry per node keyed by its id, with its parent and its
 * place among its siblings. Firestore limits maps to 20 levels of nesting; a nested tree hit it at
 * ten containers, the flat form is three levels deep whatever the page. Two editors' changes touch
 * different keys (`content.nodes.<id>.props.className`, `content.nodes.<id>.parentId`), so each
 * save writes only the keys it changed (layout/sync.ts).
 */
export const FLAT_LAYOUT_FORMAT = 'console.layout.flat/1';

export interface FlatLayoutNode {
  readonly type: string;
  /** Null for the root only. */
  readonly parentId: string | null;
  /** A fractional index among the siblings (order.ts); '' for the root. */
  readonly order: string;
  /** The node's own fields (className, text, file …), as the nested form held them. */
  readonly props: Readonly<Record<string, unknown>>;
}

export interface FlatLayout {
  readonly format: typeof FLAT_LAYOUT_FORMAT;
  readonly rootId: string;
  /** Counts the saves of the layout: a snapshot older than one already seen is ignored. */
  readonly version: number;
  readonly nodes: Readonly<Record<string, FlatLayoutNode>>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored value in the flat form (whether or not every node is well formed). */
export function isFlatLayoutShape(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && value.format === FLAT_LAYOUT_FORMAT;
}

/**
 * The flat layout of a stored flat value, null when it is not one. Entries that are not nodes (no
 * type: a property written to a node someone removed at the same moment) are left out, so every
 * reader sees the same nodes.
 */
export function parseFlatLayout(value: unknown): FlatLayout | null {
  if (!isFlatLayoutShape(value) || typeof value.rootId !== 'string' || !isRecord(value.nodes)) return null;
  const nodes: Record<string, FlatLayoutNode> = {};
  for (const [id, node] of Object.entries(value.nodes)) {
    if (!isRecord(node) || typeof node.type !== 'string' || !node.type) continue;
    nodes[id] = {
      type: node.type,
      parentId: typeof node.parentId === 'string' ? node.parentId : null,
      order: typeof node.order === 'string' ? node.order : '',
      props: isRecord(node.props) ? node.props : {},
    };
  }
  const root = nodes[value.rootId];
  if (!root || root.type !== CONTAINER_TYPE) return null;
  return { format: FLAT_LAYOUT_FORMAT, rootId: value.rootId, version: typeof value.version === 'number' ? value.version : 0, nodes };
}

/** The stored entry of a tree node. */
export function flatNodeOf(node: LayoutNode): FlatLayoutNode {
  return { type: node.type, parentId: node.parentId, order: node.order, props: node.props };
}

/** The flat stored form of an editor tree. */
export function flatFromTree(tree: LayoutTree, version = 0): FlatLayout {
  const nodes: Record<string, FlatLayoutNode> = {};
  for (const node of tree.nodes.values()) nodes[node.id] = flatNodeOf(node);
  return { format: FLAT_LAYOUT_FORMAT, rootId: tree.rootId, version, nodes };
}

/** Two nodes' props hold the same stored values (compared as JSON, a shared value at once). */
export function sameProps(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): boolean {
  if (a === b) return true;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && (Object.is(a[key], b[key]) || JSON.stringify(a[key]) === JSON.stringify(b[key])));
}

const sameIds = (a: readonly string[] | null, b: readonly string[] | null) =>
  a === b || (!!a && !!b && a.length === b.length && a.every((id, i) => id === b[i]));

/**
 * The editor node of a stored entry placed under `parentId` with `children`: `previous` (the
 * node's object in the tree before) when nothing differs, so a memoised view skips it, and its
 * props object when they are equal.
 */
export function layoutNodeOf(
  id: string,
  stored: FlatLayoutNode,
  parentId: string | null,
  order: string,
  children: string[] | null,
  previous: LayoutNode | undefined,
): LayoutNode {
  const props = previous && sameProps(previous.props, stored.props) ? previous.props : stored.props;
  const same =
    previous &&
    previous.type === stored.type &&
    previous.parentId === parentId &&
    previous.order === order &&
    previous.props === props &&
    sameIds(previous.children, children);
  return same ? previous : { id, type: stored.type, parentId, order, children, props };
}

/**
 * The editor tree of a flat layout. Any set of entries gives a tree, the same for every reader:
 * a node whose parent is gone or is not a container (a node inserted into a container someone
 * removed at the same moment), and the nodes of a cycle (two people moving A into B and B into A),
 * are placed under the root, the lowest id first, so nobody's node is lost. Nodes equal to those
 * of `previous` keep their objects (a memoised view skips them).
 */
export function treeFromFlat(flat: FlatLayout, previous?: LayoutTree): LayoutTree {
  const rootId = flat.rootId;
  const parentOf = new Map<string, string | null>();
  const kids = new Map<string, string[]>();
  const ids = Object.keys(flat.nodes).sort();
  for (const id of ids) {
    if (id === rootId) continue;
    const parentId = flat.nodes[id]!.parentId;
    const parent = parentId === null ? undefined : flat.nodes[parentId];
    const placed = parent && parent.type === CONTAINER_TYPE && parentId !== id ? parentId! : rootId;
    parentOf.set(id, placed);
  }
  const childrenOf = (id: string) => {
    let list = kids.get(id);
    if (!list) kids.set(id, (list = []));
    return list;
  };
  for (const [id, parent] of parentOf) childrenOf(parent!).push(id);
  // Reachability from the root; what is left hangs in cycles: lift the lowest id to the root.
  const reached = new Set<string>();
  const reach = (from: string) => {
    const stack = [from];
    while (stack.length) {
      const at = stack.pop()!;
      if (reached.has(at)) continue;
      reached.add(at);
      for (const child of kids.get(at) ?? []) stack.push(child);
    }
  };
  reach(rootId);
  if (reached.size < ids.length) {
    for (const id of ids) {
      if (reached.has(id)) continue;
      const old = parentOf.get(id)!;
      kids.set(
        old,
        kids.get(old)!.filter((child) => child !== id),
      );
      parentOf.set(id, rootId);
      childrenOf(rootId).push(id);
      reach(id);
    }
  }
  const nodes = NodeMap.empty<LayoutNode>().edit();
  for (const id of ids) {
    const stored = flat.nodes[id]!;
    const parentId = id === rootId ? null : parentOf.get(id)!;
    const container = stored.type === CONTAINER_TYPE;
    const children = container
      ? (kids.get(id) ?? [])
          .map((child) => ({ id: child, order: flat.nodes[child]!.order }))
          .sort(compareOrder)
          .map((child) => child.id)
      : null;
    nodes.set(id, layoutNodeOf(id, stored, parentId, id === rootId ? '' : stored.order, children, previous?.nodes.get(id)));
  }
  return { rootId, nodes: nodes.done() };
}
