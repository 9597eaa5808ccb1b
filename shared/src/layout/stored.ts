import { defaultStoredLayout, storedLayoutNodeSchema, type StoredLayoutNode } from './nodes.js';
import { fail, ok, type LayoutResult } from './errors.js';
import { NodeMap } from './node-map.js';
import { addStoredSubtree, randomNodeId, storedSubtree, type LayoutNode, type LayoutTree, type NewNodeId } from './tree.js';
import { flatFromTree, isFlatLayoutShape, parseFlatLayout, treeFromFlat, type FlatLayout } from './flat.js';

// Reading a stored layout value, whichever form it was stored in (flat, or nested as before): apart
// from tree.ts and flat.ts, which each know one form, so neither imports the other.

/**
 * The flat map of a stored layout. A missing value opens the default layout (a root container);
 * a value that is not a layout is refused ('Dados inválidos'), so the field shows it read-only
 * rather than overwrite it.
 */
export function layoutFromStored(value: unknown, newId: NewNodeId = randomNodeId): LayoutResult<LayoutTree> {
  if (isFlatLayoutShape(value)) {
    const flat = parseFlatLayout(value);
    return flat ? ok(treeFromFlat(flat)) : fail('invalid-data');
  }
  const source = value === undefined || value === null ? defaultStoredLayout() : value;
  const parsed = storedLayoutNodeSchema.safeParse(source);
  if (!parsed.success) return fail('invalid-data');
  const nodes = NodeMap.empty<LayoutNode>().edit();
  const rootId = addStoredSubtree(nodes, source as StoredLayoutNode, null, newId, false);
  return ok({ rootId, nodes: nodes.done() });
}

/**
 * THE reader of a stored layout (the storefront, anything rendering a page): the nested tree of
 * the stored value — the flat form, or the nested form layouts were stored in before — or null when
 * the value is not a layout. A missing value is the default layout (a root container).
 */
export function readLayout(stored: unknown): StoredLayoutNode | null {
  const tree = layoutFromStored(stored, sequentialIds());
  return tree.ok ? storedSubtree(tree.value, tree.value.rootId) : null;
}

/** Deterministic ids for repairs while reading (a nested layout with duplicate ids). */
function sequentialIds() {
  let n = 0;
  return () => `node-dup-${++n}`;
}

/**
 * The flat stored form of any stored layout value (flat, or nested as stored before), or null
 * when it is not a layout. Writers use it to migrate a nested value on their first save.
 */
export function toFlatLayout(stored: unknown): FlatLayout | null {
  if (isFlatLayoutShape(stored)) return parseFlatLayout(stored);
  const tree = layoutFromStored(stored, sequentialIds());
  return tree.ok ? flatFromTree(tree.value, 0) : null;
}
