import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LAYOUT_NODE_TYPES,
  ancestorsOf,
  createOpHistory,
  diffTrees,
  insertNodes,
  layoutFromStored,
  layoutProblem,
  layoutToStored,
  moveNode,
  newStoredNode,
  recordOp,
  redoOp,
  removeNode,
  setNodeProps,
  undoOp,
  type LayoutNodeType,
  type LayoutTree,
  type StoredLayoutNode,
} from '../index.js';

// Random trees and random operation sequences: whatever the operations, the tree stays valid, no
// node is its own ancestor, undoing everything gives the first state and redoing everything the last.

const leafTypes = LAYOUT_NODE_TYPES.filter((t) => t !== 'ContainerComponent');

const storedTree: fc.Arbitrary<StoredLayoutNode> = fc
  .letrec<{ node: StoredLayoutNode }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ type: fc.constantFrom(...leafTypes), className: fc.string({ maxLength: 4 }) }).map((n) => ({ id: '', ...n }) as StoredLayoutNode),
      fc
        .record({ className: fc.string({ maxLength: 4 }), children: fc.array(tie('node'), { maxLength: 4 }) })
        .map((n) => ({ id: '', type: 'ContainerComponent', href: '', ...n }) as StoredLayoutNode),
    ),
  }))
  .node.map((node) => (node.type === 'ContainerComponent' ? node : { id: '', type: 'ContainerComponent', children: [node] }));

type Op =
  | { kind: 'insert'; parent: number; index: number; type: LayoutNodeType }
  | { kind: 'move'; node: number; parent: number; index: number }
  | { kind: 'remove'; node: number }
  | { kind: 'props'; node: number; value: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), parent: fc.nat(), index: fc.nat(6), type: fc.constantFrom(...LAYOUT_NODE_TYPES) }),
  fc.record({ kind: fc.constant('move' as const), node: fc.nat(), parent: fc.nat(), index: fc.nat(6) }),
  fc.record({ kind: fc.constant('remove' as const), node: fc.nat() }),
  fc.record({ kind: fc.constant('props' as const), node: fc.nat(), value: fc.string({ maxLength: 5 }) }),
);

function apply(tree: LayoutTree, o: Op, newId: () => string): LayoutTree {
  const ids = [...tree.nodes.keys()].sort();
  const pick = (n: number) => ids[n % ids.length]!;
  const result =
    o.kind === 'insert'
      ? insertNodes(tree, pick(o.parent), [newStoredNode(o.type, 'x')], newId, o.index)
      : o.kind === 'move'
        ? moveNode(tree, pick(o.node), pick(o.parent), o.index)
        : o.kind === 'remove'
          ? removeNode(tree, pick(o.node))
          : setNodeProps(tree, pick(o.node), { className: o.value });
  if (!result.ok) return tree;
  return 'tree' in result.value ? result.value.tree : result.value;
}

describe('layout operations (property)', () => {
  it('keep the tree valid and acyclic; undo all gives the first state, redo all the last', () => {
    fc.assert(
      fc.property(storedTree, fc.array(op, { maxLength: 40 }), (stored, ops) => {
        let n = 0;
        const newId = () => `n${++n}`;
        const opened = layoutFromStored(stored, newId);
        if (!opened.ok) throw new Error(opened.error.message);
        const first = opened.value;
        expect(layoutProblem(first)).toBeNull();

        // The editors' own history (editor kit): steps of key changes, undone on the tree as it is.
        let history = createOpHistory();
        let tree = first;
        let steps = 0;
        for (const o of ops) {
          const next = apply(tree, o, newId);
          expect(layoutProblem(next)).toBeNull();
          for (const id of [...next.nodes.keys()]) expect(ancestorsOf(next, id)).not.toContain(id);
          if (next !== tree) {
            history = recordOp(history, { changes: diffTrees(tree, next), selectionBefore: null, selectionAfter: null }, null, 1000);
            tree = next;
            steps++;
          }
        }
        const last = layoutToStored(tree);
        for (let move = undoOp(history, tree); move; move = undoOp(history, tree)) ({ history, tree } = move);
        expect(layoutToStored(tree)).toEqual(layoutToStored(first));
        for (let i = 0; i < steps; i++) ({ history, tree } = redoOp(history, tree)!);
        expect(layoutToStored(tree)).toEqual(last);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('round-trips any stored tree unchanged', () => {
    fc.assert(
      fc.property(storedTree, (stored) => {
        let n = 0;
        const opened = layoutFromStored(stored, () => `n${++n}`);
        if (!opened.ok) throw new Error();
        const once = layoutToStored(opened.value);
        const again = layoutFromStored(once, () => 'never');
        if (!again.ok) throw new Error();
        expect(layoutToStored(again.value)).toEqual(once);
      }),
    );
  });
});
