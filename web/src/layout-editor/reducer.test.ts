import { describe, expect, it } from 'vitest';
import { flatFromTree, layoutFromStored, layoutToStored, parseClipboardText, copyToClipboardText, type LayoutTree } from '@console/shared';
import type { LayoutAction } from './actions';
import { ACTION_HISTORY } from './actions';
import { dropAction, rowPosition } from './drag';
import { applyAction, currentSelection, currentTree, initialEditorState, type EditorState } from './reducer';

// Reducer tests replay sequences of actions and assert the resulting tree (Puck's way).

function open(value: unknown): LayoutTree {
  const opened = layoutFromStored(value, () => 'never');
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value;
}

const page = {
  id: 'root',
  type: 'ContainerComponent',
  className: '',
  href: '',
  children: [
    { id: 't', type: 'TextComponent', className: '', text: '<p>Olá</p>' },
    { id: 'box', type: 'ContainerComponent', className: '', href: '', children: [] },
  ],
};

function replay(actions: LayoutAction[], start = initialEditorState(open(page))) {
  let n = 0;
  const errors: string[] = [];
  let state: EditorState = start;
  for (const action of actions) {
    const outcome = applyAction(state, action, () => `n${++n}`);
    if (outcome.error) errors.push(outcome.error.message);
    state = outcome.state;
  }
  return { state, errors, stored: layoutToStored(currentTree(state)) };
}

describe('layout editor reducer', () => {
  it('builds a page from the palette, one node of each type, each insert one undo step', () => {
    const types = [
      'TextComponent',
      'ImageComponent',
      'VideoComponent',
      'FileComponent',
      'ContainerComponent',
      'ContentComponent',
      'EmbedComponent',
      'ProductsComponent',
    ] as const;
    const { state, stored } = replay(types.map((nodeType) => ({ type: 'insert', nodeType, parentId: 'box' })));
    expect(stored.children![1]!.children!.map((c) => c.type)).toEqual([...types]);
    expect(stored.children![1]!.children![4]).toEqual({ id: 'n5', type: 'ContainerComponent', className: '', href: '', children: [] });
    expect(state.history.past).toHaveLength(8);
    expect(currentSelection(state)).toBe('n8');
  });

  it('coalesces typing in one property into one step, and undo restores the selection', () => {
    const { state } = replay([
      { type: 'select', id: 't' },
      { type: 'setProps', id: 't', patch: { className: 'a' } },
      { type: 'setProps', id: 't', patch: { className: 'ab' } },
      { type: 'setProps', id: 't', patch: { className: 'abc' } },
      { type: 'closeStep' },
      { type: 'setProps', id: 't', patch: { className: 'abcd' } },
      { type: 'select', id: 'box' },
    ]);
    expect(state.history.past).toHaveLength(2);
    const once = replay([{ type: 'undo' }], state).state;
    expect(currentTree(once).nodes.get('t')!.props.className).toBe('abc');
    expect(currentSelection(once)).toBe('t');
    const twice = replay([{ type: 'undo' }], once).state;
    expect(currentTree(twice).nodes.get('t')!.props.className).toBe('');
    const back = replay([{ type: 'redo' }, { type: 'redo' }], twice).state;
    expect(currentTree(back).nodes.get('t')!.props.className).toBe('abcd');
  });

  it('a drag is one step: moving into a container and back', () => {
    const { state, stored } = replay([{ type: 'move', id: 't', parentId: 'box', index: 0 }, { type: 'undo' }, { type: 'redo' }]);
    expect(stored.children!.map((c) => c.id)).toEqual(['box']);
    expect(stored.children![0]!.children!.map((c) => c.id)).toEqual(['t']);
    expect(state.history.past).toHaveLength(1);
  });

  it("pastes into the selected container with new ids; refuses a non-container: 'Objeto não é um canvas'", () => {
    const tree = open(page);
    const parsed = parseClipboardText(copyToClipboardText(tree, 't'));
    if (!parsed.ok) throw new Error();
    const { errors, stored } = replay([
      { type: 'select', id: 'box' },
      { type: 'paste', nodes: parsed.value },
      { type: 'select', id: 't' },
      { type: 'paste', nodes: parsed.value },
    ]);
    expect(errors).toEqual(['Objeto não é um canvas']);
    expect(stored.children![1]!.children).toEqual([{ ...page.children[0], id: 'n1' }]);
  });

  it('UI actions never enter the history', () => {
    const { state } = replay([
      { type: 'zoomIn' },
      { type: 'zoomIn' },
      { type: 'pan', dx: 5, dy: 7 },
      { type: 'toggleMobile' },
      { type: 'setTool', tool: 'hand' },
      { type: 'toggleTools' },
      { type: 'toggleCollapsed', id: 'box' },
    ]);
    expect(state.history.past).toHaveLength(0);
    expect(state.view).toMatchObject({ zoom: 1.2, pan: { x: 5, y: 7 }, mobile: true, tool: 'hand', toolsHidden: true });
    expect(
      Object.entries(ACTION_HISTORY)
        .filter(([, kind]) => kind === 'record')
        .map(([type]) => type)
        .sort(),
    ).toEqual(['insert', 'move', 'paste', 'remove', 'setProps']);
  });

  it('turns drops into one action: before, inside or after a layer row; inside a canvas container', () => {
    const tree = open(page);
    expect(rowPosition(101, { top: 100, height: 20 }, true)).toBe('before');
    expect(rowPosition(110, { top: 100, height: 20 }, true)).toBe('inside');
    expect(rowPosition(110, { top: 100, height: 20 }, false)).toBe('after');
    expect(dropAction(tree, { kind: 'layer', nodeId: 't' }, { zone: 'layer', nodeId: 'box', position: 'after' })).toEqual({
      type: 'move',
      id: 't',
      parentId: 'root',
      index: 1,
    });
    expect(dropAction(tree, { kind: 'layer', nodeId: 'box' }, { zone: 'layer', nodeId: 't', position: 'before' })).toEqual({
      type: 'move',
      id: 'box',
      parentId: 'root',
      index: 0,
    });
    expect(dropAction(tree, { kind: 'palette', nodeType: 'EmbedComponent' }, { zone: 'canvas', nodeId: 'box', position: 'inside' })).toEqual({
      type: 'insert',
      nodeType: 'EmbedComponent',
      parentId: 'box',
      index: 0,
    });
    expect(dropAction(tree, { kind: 'layer', nodeId: 't' }, { zone: 'canvas', nodeId: 't', position: 'inside' })).toBeNull();
  });
});

describe('layout editor with someone else editing (issue 22)', () => {
  it("shows another editor's save at once, and undo takes back only this editor's own operations", () => {
    const start = initialEditorState(open(page));
    const mine = replay([{ type: 'setProps', id: 't', patch: { className: 'mine' } }], start).state;
    // Someone else's save: a new node in the box and a new href on it.
    const other = applyAction(initialEditorState(open(page)), { type: 'insert', nodeType: 'ImageComponent', parentId: 'box' }, () => 'theirs').state;
    const stored = flatFromTree(applyAction(other, { type: 'setProps', id: 'box', patch: { href: '/x' } }).state.tree, 1);
    const seen = replay([{ type: 'remote', layout: stored }], mine).state;
    expect(seen.tree.nodes.get('box')!.children).toEqual(['theirs']);
    expect(seen.tree.nodes.get('t')!.props.className).toBe('mine');
    expect(seen.sync.pending.map((c) => c.path)).toEqual([['t', 'props', 'className']]);
    const undone = replay([{ type: 'undo' }], seen).state;
    expect(undone.tree.nodes.get('t')!.props.className).toBe('');
    expect(undone.tree.nodes.get('box')!.children).toEqual(['theirs']);
    expect(undone.tree.nodes.get('box')!.props.href).toBe('/x');
    expect(undone.sync.pending).toEqual([]);
  });
});
