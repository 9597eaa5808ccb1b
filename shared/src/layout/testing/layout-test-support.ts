// What the layout's property tests share: random stored trees and random editor operations, and
// one way to run an operation on a tree. Under src/**/testing, so the package's build leaves it out.
import fc from 'fast-check';
import {
  LAYOUT_NODE_TYPES,
  insertNodes,
  moveNode,
  newStoredNode,
  removeNode,
  setNodeProps,
  type LayoutNodeType,
  type LayoutTree,
  type StoredLayoutNode,
} from '../index.js';

const leafTypes = LAYOUT_NODE_TYPES.filter((t) => t !== 'ContainerComponent');

/** A random stored layout whose root is a container, class names up to `classNameLength` long. */
export function storedTree(classNameLength: number): fc.Arbitrary<StoredLayoutNode> {
  return fc
    .letrec<{ node: StoredLayoutNode }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc
          .record({ type: fc.constantFrom(...leafTypes), className: fc.string({ maxLength: classNameLength }) })
          .map((n) => ({ id: '', ...n }) as StoredLayoutNode),
        fc
          .record({ className: fc.string({ maxLength: classNameLength }), children: fc.array(tie('node'), { maxLength: 4 }) })
          .map((n) => ({ id: '', type: 'ContainerComponent', href: '', ...n }) as StoredLayoutNode),
      ),
    }))
    .node.map((node) => (node.type === 'ContainerComponent' ? node : { id: '', type: 'ContainerComponent', children: [node] }));
}

/** An editor operation, its nodes as indexes into the tree's sorted ids. */
export type LayoutOp =
  | { kind: 'insert'; parent: number; index: number; type: LayoutNodeType }
  | { kind: 'move'; node: number; parent: number; index: number }
  | { kind: 'remove'; node: number }
  | { kind: 'props'; node: number; prop: 'className' | 'text'; value: string };

/**
 * Runs `op` on `tree` as the editor would: the tree after it, or null when the operation is
 * refused (a move into its own subtree, the root removed). A property set is written `tag:value`.
 */
export function runLayoutOp(tree: LayoutTree, op: LayoutOp, newId: () => string, tag: string): LayoutTree | null {
  const ids = [...tree.nodes.keys()].sort();
  const pick = (n: number) => ids[n % ids.length]!;
  const result =
    op.kind === 'insert'
      ? insertNodes(tree, pick(op.parent), [newStoredNode(op.type, 'x')], newId, op.index)
      : op.kind === 'move'
        ? moveNode(tree, pick(op.node), pick(op.parent), op.index)
        : op.kind === 'remove'
          ? removeNode(tree, pick(op.node))
          : setNodeProps(tree, pick(op.node), { [op.prop]: `${tag}:${op.value}` });
  if (!result.ok) return null;
  return 'tree' in result.value ? result.value.tree : result.value;
}
