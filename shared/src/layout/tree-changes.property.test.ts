import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LAYOUT_NODE_TYPES,
  applyChangesToTree,
  createOpHistory,
  diffTrees,
  flatFromTree,
  insertNodes,
  inverseChanges,
  layoutFromStored,
  layoutProblem,
  moveNode,
  newStoredNode,
  rebaseChanges,
  rebuildTreeWithChanges,
  recordOp,
  redoOp,
  removeNode,
  setNodeProps,
  treeFromFlat,
  undoOp,
  type LayoutChange,
  type LayoutTree,
  type OpHistory,
  type StoredLayoutNode,
} from '../index.js';
import { runLayoutOp, storedTree as storedTreeOf, type LayoutOp } from './testing/layout-test-support.js';
import { patchTree, treeWithFlat } from './tree-changes.js';

// Undo, redo, settled conflicts, landed saves and arriving snapshots change the tree in place
// (tree-changes.ts) instead of rebuilding it from its flat form. Whatever the operations — one's own, undone and redone, and
// another editor's changes applied on top, clashing ones included — the tree they give is the
// rebuild's, node for node, and the same nodes keep their objects (a memoised view skips them).

const storedTree = storedTreeOf(3);

type Step =
  | { who: 0 | 1; what: 'op'; op: LayoutOp }
  | { who: 0 | 1; what: 'undo' | 'redo' }
  /** The other editor's changes since the last exchange, applied as they are (clashes included). */
  | { who: 0 | 1; what: 'receive' }
  /** Part of an older step of one's own taken back on the tree as it is now. */
  | { who: 0 | 1; what: 'revert'; step: number; keep: number };

const op: fc.Arbitrary<LayoutOp> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), parent: fc.nat(), index: fc.nat(6), type: fc.constantFrom(...LAYOUT_NODE_TYPES) }),
  fc.record({ kind: fc.constant('move' as const), node: fc.nat(), parent: fc.nat(), index: fc.nat(6) }),
  fc.record({ kind: fc.constant('remove' as const), node: fc.nat() }),
  fc.record({
    kind: fc.constant('props' as const),
    node: fc.nat(),
    prop: fc.constantFrom('className' as const, 'text' as const),
    value: fc.string({ maxLength: 3 }),
  }),
);

const who = fc.constantFrom(0 as const, 1 as const);
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ who, what: fc.constant('op' as const), op }) },
  { weight: 3, arbitrary: fc.record({ who, what: fc.constantFrom('undo' as const, 'redo' as const) }) },
  { weight: 2, arbitrary: fc.record({ who, what: fc.constant('receive' as const) }) },
  { weight: 1, arbitrary: fc.record({ who, what: fc.constant('revert' as const), step: fc.nat(), keep: fc.nat() }) },
);

interface Editor {
  name: string;
  tree: LayoutTree;
  history: OpHistory;
  n: number;
  /** Changes made since the other editor last received them. */
  outbox: LayoutChange[];
}

function expectRebuildsTree(before: LayoutTree, changes: readonly LayoutChange[], fast: LayoutTree): void {
  expectSameTree(before, rebuildTreeWithChanges(before, changes), fast);
}

/** The fast path's tree equals the rebuild's, and keeps the same node objects from `before`. */
function expectSameTree(before: LayoutTree, slow: LayoutTree, fast: LayoutTree): void {
  expect(fast.rootId).toBe(slow.rootId);
  expect(fast.nodes.size).toBe(slow.nodes.size);
  const byId = (tree: LayoutTree) => Object.fromEntries([...tree.nodes.values()].map((node) => [node.id, node]));
  expect(byId(fast)).toEqual(byId(slow));
  for (const id of slow.nodes.keys()) {
    expect(fast.nodes.get(id) === before.nodes.get(id), `${id} keeps its object`).toBe(slow.nodes.get(id) === before.nodes.get(id));
  }
  expect(layoutProblem(fast)).toBeNull();
}

function runOp(e: Editor, o: LayoutOp): void {
  const next = runLayoutOp(e.tree, o, () => `${e.name}${++e.n}`, e.name);
  if (!next) return;
  const changes = diffTrees(e.tree, next);
  if (!changes.length) return;
  // The operation's changes applied to the tree before it give the operation's tree.
  expectRebuildsTree(e.tree, changes, applyChangesToTree(e.tree, changes));
  e.history = recordOp(e.history, { changes, selectionBefore: null, selectionAfter: null }, null, 1000);
  e.outbox.push(...changes);
  e.tree = next;
}

function run(stored: StoredLayoutNode, steps: readonly Step[]): { fast: number; all: number } {
  let n = 0;
  const opened = layoutFromStored(stored, () => `n${++n}`);
  if (!opened.ok) throw new Error(opened.error.message);
  const editors: Editor[] = ['a', 'b'].map((name) => ({ name, tree: opened.value, history: createOpHistory(), n: 0, outbox: [] }));
  let fast = 0;
  let all = 0;
  const apply = (e: Editor, changes: readonly LayoutChange[]) => {
    if (!changes.length) return;
    all++;
    if (patchTree(e.tree, changes)) fast++;
    const next = applyChangesToTree(e.tree, changes);
    expectRebuildsTree(e.tree, changes, next);
    // The same changes as a save or a snapshot brings them: the stored layout with the ones that apply.
    const flat = rebaseChanges(flatFromTree(e.tree), changes).flat;
    expectSameTree(e.tree, treeFromFlat(flat, e.tree), treeWithFlat(flat, e.tree));
    e.tree = next;
  };
  for (const s of steps) {
    const e = editors[s.who]!;
    if (s.what === 'op') runOp(e, s.op);
    else if (s.what === 'undo' || s.what === 'redo') {
      const before = e.tree;
      const move = s.what === 'undo' ? undoOp(e.history, e.tree) : redoOp(e.history, e.tree);
      if (!move) continue;
      all++;
      if (move.changes.length === 0 || patchTree(before, move.changes)) fast++;
      expectRebuildsTree(before, move.changes, move.tree);
      e.history = move.history;
      e.tree = move.tree;
      e.outbox.push(...move.changes);
    } else if (s.what === 'receive') {
      const other = editors[1 - s.who]!;
      apply(e, other.outbox.splice(0));
    } else if (s.what === 'revert') {
      const past = e.history.past;
      if (!past.length) continue;
      const inverse = inverseChanges(past[s.step % past.length]!.changes);
      apply(
        e,
        inverse.filter((_, i) => (s.keep >> (i % 16)) % 2 === 0),
      );
    }
  }
  return { fast, all };
}

describe('key changes applied in place (property)', () => {
  it('give the tree rebuilding it from the flat form gives, for any operations, undo, redo, the other editor’s changes and the stored layouts they make', () => {
    let fast = 0;
    let all = 0;
    fc.assert(
      fc.property(storedTree, fc.array(step, { minLength: 10, maxLength: 60, size: 'max' }), (stored, steps) => {
        const counted = run(stored, steps);
        fast += counted.fast;
        all += counted.all;
      }),
      { numRuns: 150 },
    );
    // Most applications take the fast path; the rest are the clashes the rebuild repairs.
    expect(fast).toBeGreaterThan(all / 2);
  }, 120_000);

  it('undo of a removal on a 2,000-node page writes the removed nodes and their container only', () => {
    const sections: StoredLayoutNode[] = Array.from({ length: 200 }, (_, s) => ({
      id: `s${s}`,
      type: 'ContainerComponent',
      className: 'flex',
      children: Array.from({ length: 9 }, (_, i) => ({ id: `t${s}-${i}`, type: 'TextComponent', className: '', text: `${i}` })),
    }));
    const opened = layoutFromStored({ id: 'root', type: 'ContainerComponent', className: '', children: sections });
    if (!opened.ok) throw new Error(opened.error.message);
    const tree = opened.value;
    const removed = removeNode(tree, 's7');
    if (!removed.ok) throw new Error(removed.error.message);
    const history = recordOp(createOpHistory(), { changes: diffTrees(tree, removed.value), selectionBefore: null, selectionAfter: null });
    const undone = undoOp(history, removed.value)!;
    expect(patchTree(removed.value, undone.changes)).not.toBeNull();
    const rewritten = [...undone.tree.nodes.keys()].filter((id) => undone.tree.nodes.get(id) !== removed.value.nodes.get(id));
    expect(rewritten.sort()).toEqual(['root', 's7', ...Array.from({ length: 9 }, (_, i) => `t7-${i}`)].sort());
    expect(Object.fromEntries([...undone.tree.nodes.values()].map((node) => [node.id, node]))).toEqual(
      Object.fromEntries([...tree.nodes.values()].map((node) => [node.id, node])),
    );
  });

  it('repairs a clash as the rebuild does: a cycle, a node in a container removed elsewhere, a field of a removed node', () => {
    const opened = layoutFromStored({
      id: 'root',
      type: 'ContainerComponent',
      children: [
        { id: 'x', type: 'ContainerComponent', children: [{ id: 't', type: 'TextComponent', text: 'a' }] },
        { id: 'y', type: 'ContainerComponent', children: [] },
      ],
    });
    if (!opened.ok) throw new Error(opened.error.message);
    const tree = opened.value;
    const changesOf = (next: { ok: boolean; value?: unknown }) => {
      if (!next.ok) throw new Error('refused');
      const value = next.value as LayoutTree | { tree: LayoutTree };
      return diffTrees(tree, 'tree' in value ? value.tree : value);
    };
    const mine = changesOf(moveNode(tree, 'x', 'y', 0));
    const theirs = changesOf(moveNode(tree, 'y', 'x', 0));
    const insertedIntoY = changesOf(insertNodes(tree, 'y', [newStoredNode('TextComponent', 'n')], () => 'n'));
    const yRemoved = changesOf(removeNode(tree, 'y'));
    const tRemoved = changesOf(removeNode(tree, 't'));
    const tEdited = changesOf(setNodeProps(tree, 't', { text: 'b' }));
    const clashes = [[...mine, ...theirs], [...yRemoved, ...insertedIntoY], [...tRemoved, ...tEdited], [...changesOf(removeNode(tree, 'x'))].reverse()];
    for (const changes of clashes.slice(0, 2)) {
      expect(patchTree(tree, changes)).toBeNull();
      expectRebuildsTree(tree, changes, applyChangesToTree(tree, changes));
    }
    for (const changes of clashes.slice(2)) expectRebuildsTree(tree, changes, applyChangesToTree(tree, changes));
    for (const changes of clashes) {
      const flat = rebaseChanges(flatFromTree(tree), changes).flat;
      expectSameTree(tree, treeFromFlat(flat, tree), treeWithFlat(flat, tree));
    }
  });
});
