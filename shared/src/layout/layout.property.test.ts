import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LAYOUT_NODE_TYPES,
  ancestorsOf,
  createOpHistory,
  diffTrees,
  layoutFromStored,
  layoutProblem,
  layoutToStored,
  recordOp,
  redoOp,
  undoOp,
  type LayoutTree,
} from '../index.js';
import { runLayoutOp, storedTree as storedTreeOf, type LayoutOp } from './testing/layout-test-support.js';

// Random trees and random operation sequences: whatever the operations, the tree stays valid, no
// node is its own ancestor, undoing everything gives the first state and redoing everything the last.

const storedTree = storedTreeOf(4);

const op: fc.Arbitrary<LayoutOp> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), parent: fc.nat(), index: fc.nat(6), type: fc.constantFrom(...LAYOUT_NODE_TYPES) }),
  fc.record({ kind: fc.constant('move' as const), node: fc.nat(), parent: fc.nat(), index: fc.nat(6) }),
  fc.record({ kind: fc.constant('remove' as const), node: fc.nat() }),
  fc.record({ kind: fc.constant('props' as const), node: fc.nat(), prop: fc.constant('className' as const), value: fc.string({ maxLength: 5 }) }),
);

/** A refused operation leaves the tree as it was. */
function apply(tree: LayoutTree, o: LayoutOp, newId: () => string): LayoutTree {
  return runLayoutOp(tree, o, newId, 'p') ?? tree;
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
