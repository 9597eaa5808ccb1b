import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { layoutFromStored, layoutProblem, layoutToStored, type LayoutTree, type StoredLayoutNode } from '@console/shared';
import { canvasPosition, dropAction, insideIndex, keyboardSlots, slotAction, slotTarget } from './drag';
import { applyAction, currentTree, initialEditorState } from './reducer';

// Drops on the canvas and keyboard moves, as the actions they become.

function open(value: unknown): LayoutTree {
  const opened = layoutFromStored(value, () => 'never');
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value;
}

const leaf = (id: string): StoredLayoutNode => ({ id, type: 'TextComponent', className: '', text: `<p>${id}</p>` });
const box = (id: string, children: StoredLayoutNode[]): StoredLayoutNode => ({ id, type: 'ContainerComponent', className: '', href: '', children });

// root: a, box[b, c], d, empty[]
const page = box('root', [leaf('a'), box('box', [leaf('b'), leaf('c')]), leaf('d'), box('empty', [])]);

const ids = (tree: LayoutTree, id: string) => tree.nodes.get(id)!.children;

describe('canvas drops', () => {
  it('reads a leaf by halves, a container by its edges, the root as inside', () => {
    const rect = { top: 100, height: 200 };
    expect(canvasPosition(150, rect, false, false)).toBe('before');
    expect(canvasPosition(250, rect, false, false)).toBe('after');
    expect(canvasPosition(110, rect, true, false)).toBe('before');
    expect(canvasPosition(150, rect, true, false)).toBe('inside');
    expect(canvasPosition(295, rect, true, false)).toBe('after');
    expect(canvasPosition(101, rect, true, true)).toBe('inside');
    // A small container: a quarter of it at each edge.
    expect(canvasPosition(104, { top: 100, height: 20 }, true, false)).toBe('before');
    expect(canvasPosition(110, { top: 100, height: 20 }, true, false)).toBe('inside');
  });

  it('places a drop inside before the first child whose middle is below the pointer', () => {
    expect(insideIndex(5, [10, 30, 50])).toBe(0);
    expect(insideIndex(35, [10, 30, 50])).toBe(2);
    expect(insideIndex(90, [10, 30, 50])).toBe(3);
    expect(insideIndex(0, [])).toBe(0);
  });

  it('moves a node into a container and out again, each drop one undo step', () => {
    const tree = open(page);
    const into = dropAction(tree, { kind: 'layer', nodeId: 'a' }, { zone: 'canvas', nodeId: 'box', position: 'inside', index: 1 });
    expect(into).toEqual({ type: 'move', id: 'a', parentId: 'box', index: 1 });
    let state = applyAction(initialEditorState(tree), into!).state;
    expect(ids(currentTree(state), 'box')).toEqual(['b', 'a', 'c']);
    const out = dropAction(currentTree(state), { kind: 'layer', nodeId: 'c' }, { zone: 'canvas', nodeId: 'd', position: 'after' });
    state = applyAction(state, out!).state;
    expect(ids(currentTree(state), 'root')).toEqual(['box', 'd', 'c', 'empty']);
    state = applyAction(state, { type: 'undo' }).state;
    expect(ids(currentTree(state), 'box')).toEqual(['b', 'a', 'c']);
    state = applyAction(state, { type: 'undo' }).state;
    expect(layoutToStored(currentTree(state))).toEqual(page);
  });

  it('refuses a drop onto the dragged node, inside it, or where it already is', () => {
    const tree = open(page);
    expect(dropAction(tree, { kind: 'layer', nodeId: 'box' }, { zone: 'canvas', nodeId: 'box', position: 'inside' })).toBeNull();
    expect(dropAction(tree, { kind: 'layer', nodeId: 'box' }, { zone: 'canvas', nodeId: 'b', position: 'after' })).toBeNull();
    expect(dropAction(tree, { kind: 'layer', nodeId: 'a' }, { zone: 'canvas', nodeId: 'box', position: 'before' })).toBeNull();
    expect(dropAction(tree, { kind: 'layer', nodeId: 'b' }, { zone: 'canvas', nodeId: 'box', position: 'inside', index: 0 })).toBeNull();
  });
});

describe('keyboard moves', () => {
  it('steps through every place in reading order, starting where the node is', () => {
    const tree = open(page);
    const { slots, start } = keyboardSlots(tree, 'c');
    expect(slots).toEqual([
      { parentId: 'root', index: 0 },
      { parentId: 'root', index: 1 },
      { parentId: 'box', index: 0 },
      { parentId: 'box', index: 1 },
      { parentId: 'root', index: 2 },
      { parentId: 'root', index: 3 },
      { parentId: 'empty', index: 0 },
      { parentId: 'root', index: 4 },
    ]);
    expect(slots[start]).toEqual({ parentId: 'box', index: 1 });
    expect(slotAction(tree, 'c', slots[start]!)).toBeNull();
    expect(slotAction(tree, 'c', slots[6]!)).toEqual({ type: 'move', id: 'c', parentId: 'empty', index: 0 });
    expect(slotTarget(tree, 'c', slots[6]!)).toEqual({ nodeId: 'empty', position: 'inside' });
    expect(slotTarget(tree, 'c', slots[3]!)).toEqual({ nodeId: 'b', position: 'after' });
    expect(slotTarget(tree, 'c', slots[1]!)).toEqual({ nodeId: 'box', position: 'before' });
    // A container never offers a place inside itself.
    expect(keyboardSlots(tree, 'box').slots.some((slot) => slot.parentId === 'box')).toBe(false);
  });

  it('every slot of every node is a valid move that keeps the layout whole', () => {
    const tree = open(page);
    fc.assert(
      fc.property(fc.constantFrom('a', 'box', 'b', 'c', 'd', 'empty'), fc.nat(), (id, pick) => {
        const { slots } = keyboardSlots(tree, id);
        const slot = slots[pick % slots.length]!;
        const action = slotAction(tree, id, slot);
        if (!action) return;
        const outcome = applyAction(initialEditorState(tree), action);
        expect(outcome.error).toBeNull();
        const after = currentTree(outcome.state);
        expect(layoutProblem(after)).toBeNull();
        expect(after.nodes.get(id)!.parentId).toBe(slot.parentId);
        expect(ids(after, slot.parentId)!.indexOf(id)).toBe(slot.index);
      }),
    );
  });
});
