import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  copyToClipboardText,
  insertNodes,
  isTemporaryHandKey,
  layoutFromStored,
  layoutProblem,
  layoutToStored,
  moveNode,
  newStoredNode,
  parseClipboardText,
  removeNode,
  setNodeProps,
  shortcutFor,
  visibleRows,
  zoomIn,
  zoomLabel,
  zoomOut,
  zoomReset,
  flatFromTree,
  readLayout,
  toFlatLayout,
  type StoredLayoutNode,
  type KeyEventLike,
  type LayoutTree,
} from '../index.js';

const counter = () => {
  let n = 0;
  return () => `new-${++n}`;
};

function open(value: unknown): LayoutTree {
  const result = layoutFromStored(value, counter());
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const sample = {
  id: 'root',
  type: 'ContainerComponent',
  className: 'flex',
  href: '',
  children: [
    { id: 'a', type: 'TextComponent', className: '', text: '<p>A</p>' },
    { id: 'box', type: 'ContainerComponent', className: '', href: '/x', children: [{ id: 'b', type: 'EmbedComponent', className: '', html: '<b>x</b>' }] },
    { id: 'c', type: 'ProductsComponent', className: '', productIds: '1,2' },
  ],
};

describe('stored layouts', () => {
  it('open and save back unchanged: every layout of the seed', () => {
    const seed = JSON.parse(readFileSync(new URL('../../../emulator-data/seed/firestore.json', import.meta.url), 'utf8')) as Record<
      string,
      Record<string, unknown>
    >;
    const layouts = Object.entries(seed).filter(([path, doc]) => /\/(content|course|post|page)\//.test(path) && typeof doc.content === 'object' && doc.content);
    expect(layouts.length).toBeGreaterThan(5);
    for (const [path, doc] of layouts) {
      const tree = open(doc.content);
      expect(layoutProblem(tree), path).toBeNull();
      expect(flatFromTree(tree, (doc.content as { version: number }).version), path).toEqual(doc.content);
      expect(readLayout(doc.content)?.id, path).toBe('root');
    }
  });

  it('stores the tree flat: twenty nested containers are three map levels deep, and read back as the tree', () => {
    let nested: StoredLayoutNode = { id: 'c20', type: 'ContainerComponent', className: 'deep', children: [] };
    for (let i = 19; i >= 1; i--) nested = { id: `c${i}`, type: 'ContainerComponent', className: '', children: [nested] };
    const stored = flatFromTree(open({ id: 'root', type: 'ContainerComponent', children: [nested] }));
    const depth = (value: unknown): number => (typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depth)) : 0);
    expect(depth(stored)).toBeLessThanOrEqual(4);
    const read = readLayout(JSON.parse(JSON.stringify(stored)));
    let at = read!;
    for (let i = 1; i <= 20; i++) at = at.children![0]!;
    expect(at).toEqual({ id: 'c20', type: 'ContainerComponent', className: 'deep', children: [] });
  });

  it('reads the nested form of before (migration on read) and the flat form alike', () => {
    expect(readLayout(sample)).toEqual(sample);
    expect(readLayout(toFlatLayout(sample))).toEqual(sample);
    expect(readLayout('<p>html</p>')).toBeNull();
  });

  it('reads any set of flat entries as one tree: orphans and cycles go under the root, nothing is lost', () => {
    const flat = toFlatLayout(sample)!;
    const broken = {
      ...flat,
      nodes: {
        ...flat.nodes,
        orphan: { type: 'TextComponent', parentId: 'gone', order: 'a0', props: {} },
        x: { type: 'ContainerComponent', parentId: 'y', order: 'a0', props: {} },
        y: { type: 'ContainerComponent', parentId: 'x', order: 'a0', props: {} },
        partial: { props: { className: 'written to a removed node' } },
      },
    };
    const tree = open(broken);
    expect(layoutProblem(tree)).toBeNull();
    expect(tree.nodes.get('orphan')!.parentId).toBe('root');
    expect(tree.nodes.get('x')!.parentId).toBe('root');
    expect(tree.nodes.get('y')!.parentId).toBe('x');
    expect(tree.nodes.has('partial')).toBe(false);
  });

  it('opens a missing value as a root container', () => {
    const tree = open(undefined);
    expect(layoutToStored(tree)).toEqual({ id: 'root', type: 'ContainerComponent', className: '', href: '', children: [] });
  });

  it('refuses a value that is not a layout (the field then shows it read-only)', () => {
    expect(layoutFromStored('<p>html</p>')).toMatchObject({ ok: false, error: { message: 'Dados inválidos' } });
    expect(layoutFromStored({ type: 'ContainerComponent', id: 'r', children: [{ id: 'x' }] })).toMatchObject({ ok: false });
  });

  it('keeps unknown fields and unknown node types as stored, and repairs duplicate ids', () => {
    const value = {
      ...sample,
      extra: { a: 1 },
      children: [
        { id: 'a', type: 'FutureComponent', children: [1, 2] },
        { id: 'a', type: 'TextComponent', text: '' },
      ],
    };
    const stored = layoutToStored(open(value));
    expect(stored.extra).toEqual({ a: 1 });
    expect(stored.children![0]).toEqual({ id: 'a', type: 'FutureComponent', children: [1, 2] });
    expect(stored.children![1]!.id).toBe('new-1');
  });
});

describe('operations', () => {
  it('insert, move, re-parent, edit and remove, refusing what would break the tree', () => {
    let tree = open(sample);
    const inserted = insertNodes(tree, 'box', [newStoredNode('ImageComponent', 'tmp')], counter(), 0);
    if (!inserted.ok) throw new Error();
    tree = inserted.value.tree;
    expect(tree.nodes.get('box')!.children).toEqual(['new-1', 'b']);

    expect(insertNodes(tree, 'a', [newStoredNode('TextComponent', 't')], counter())).toMatchObject({ ok: false, error: { message: 'Objeto não é um canvas' } });
    expect(moveNode(tree, 'box', 'box', 0)).toMatchObject({ ok: false, error: { code: 'cycle' } });
    expect(moveNode(tree, 'root', 'box', 0)).toMatchObject({ ok: false, error: { code: 'root' } });
    expect(removeNode(tree, 'root')).toMatchObject({ ok: false, error: { code: 'root' } });

    const moved = moveNode(tree, 'c', 'root', 0);
    if (!moved.ok) throw new Error();
    expect(moved.value.nodes.get('root')!.children).toEqual(['c', 'a', 'box']);
    // Untouched nodes keep their objects: a memoised renderer skips them.
    expect(moved.value.nodes.get('a')).toBe(tree.nodes.get('a'));

    const reparented = moveNode(moved.value, 'a', 'box', 2);
    if (!reparented.ok) throw new Error();
    expect(reparented.value.nodes.get('box')!.children).toEqual(['new-1', 'b', 'a']);
    expect(reparented.value.nodes.get('a')!.parentId).toBe('box');

    const edited = setNodeProps(reparented.value, 'a', { text: '<p>B</p>' });
    if (!edited.ok) throw new Error();
    expect(layoutToStored(edited.value).children![1]!.children![2]).toEqual({ id: 'a', type: 'TextComponent', className: '', text: '<p>B</p>' });
    expect(setNodeProps(edited.value, 'a', { text: '<p>B</p>' })).toEqual({ ok: true, value: edited.value });

    const removed = removeNode(edited.value, 'box');
    if (!removed.ok) throw new Error();
    expect([...removed.value.nodes.keys()].sort()).toEqual(['c', 'root']);
    expect(layoutProblem(removed.value)).toBeNull();
  });

  it('lists the layer rows without the children of collapsed containers', () => {
    const tree = open(sample);
    expect(visibleRows(tree, new Set(['box'])).map((r) => `${r.depth}${r.id}`)).toEqual(['0root', '1a', '1box', '1c']);
  });
});

describe('clipboard', () => {
  it('copies a subtree in a versioned envelope and pastes it with new ids', () => {
    const tree = open(sample);
    const text = copyToClipboardText(tree, 'box');
    expect(JSON.parse(text)).toMatchObject({ kind: 'console.layout-nodes', version: 1 });
    const parsed = parseClipboardText(text);
    if (!parsed.ok) throw new Error();
    const pasted = insertNodes(tree, 'root', parsed.value, counter());
    if (!pasted.ok) throw new Error();
    const copy = layoutToStored(pasted.value.tree).children![3]!;
    expect(copy).toEqual({ ...sample.children[1], id: 'new-1', children: [{ ...sample.children[1]!.children![0], id: 'new-2' }] });
  });

  it("refuses what is not a layout: 'Dados inválidos'", () => {
    for (const text of [
      '',
      'olá',
      '{"kind":"x"}',
      JSON.stringify({ kind: 'console.layout-nodes', version: 2, nodes: [{ id: 'a', type: 'TextComponent' }] }),
      JSON.stringify({ kind: 'console.layout-nodes', version: 1, nodes: [{ id: 'a', type: 'TextComponent', text: 3 }] }),
      JSON.stringify({ kind: 'console.layout-nodes', version: 1, nodes: [{ id: 'a', type: 'TextComponent', children: [] }] }),
      JSON.stringify({ kind: 'console.layout-nodes', version: 1, nodes: [{ id: 'a', type: 'Script' }] }),
    ]) {
      expect(parseClipboardText(text), text).toMatchObject({ ok: false, error: { message: 'Dados inválidos' } });
    }
  });
});

describe('zoom', () => {
  it('steps by 0.1 between 20% and 400% without drift; reset is 100%', () => {
    let z = 1;
    for (let i = 0; i < 7; i++) z = zoomOut(z);
    expect(zoomLabel(z)).toBe('30%');
    z = zoomOut(zoomOut(z));
    expect(z).toBe(0.2);
    for (let i = 0; i < 11; i++) z = zoomIn(z);
    expect(z).toBe(1.3);
    expect(zoomLabel(z)).toBe('130%');
    for (let i = 0; i < 100; i++) z = zoomIn(z);
    expect(zoomLabel(z)).toBe('400%');
    expect(zoomReset()).toBe(1);
  });
});

describe('keymap', () => {
  const key = (over: Partial<KeyEventLike>): KeyEventLike => ({ key: '', code: '', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...over });

  it('maps the table of the spec, with Cmd or Ctrl', () => {
    expect(shortcutFor(key({ key: 'c', code: 'KeyC', metaKey: true }))).toBe('copy');
    expect(shortcutFor(key({ key: 'v', code: 'KeyV', ctrlKey: true }))).toBe('paste');
    expect(shortcutFor(key({ key: '\\', code: 'Backslash', ctrlKey: true }))).toBe('hideTools');
    expect(shortcutFor(key({ key: '-', code: 'Minus', ctrlKey: true }))).toBe('zoomOut');
    expect(shortcutFor(key({ key: '0', code: 'Digit0', ctrlKey: true }))).toBe('zoomReset');
    expect(shortcutFor(key({ key: '=', code: 'Equal', ctrlKey: true }))).toBe('zoomIn');
    expect(shortcutFor(key({ key: '+', code: 'Equal', ctrlKey: true, shiftKey: true }))).toBe('zoomIn');
    expect(shortcutFor(key({ key: '+', code: 'NumpadAdd', ctrlKey: true }))).toBe('zoomIn');
    expect(shortcutFor(key({ key: 'z', code: 'KeyZ', ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(key({ key: 'Z', code: 'KeyZ', ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(key({ key: 'h', code: 'KeyH' }))).toBe('handTool');
    expect(shortcutFor(key({ key: 'v', code: 'KeyV' }))).toBe('selectTool');
    expect(shortcutFor(key({ key: 'M', code: 'KeyM' }))).toBe('toggleMobile');
    expect(shortcutFor(key({ key: 'x', code: 'KeyX', ctrlKey: true }))).toBeNull();
  });

  it('works on a Brazilian ABNT2 keyboard: the produced key first, the physical key second', () => {
    // ABNT2: '\' is the key left of Z (IntlBackslash); the US backslash position types ']'.
    expect(shortcutFor(key({ key: '\\', code: 'IntlBackslash', ctrlKey: true }))).toBe('hideTools');
    expect(shortcutFor(key({ key: ']', code: 'Backslash', ctrlKey: true }))).toBeNull();
    // A dead key (´ or ~) falls back to the physical key, which is no shortcut here.
    expect(shortcutFor(key({ key: 'Dead', code: 'BracketLeft', ctrlKey: true }))).toBeNull();
    // Another script: the physical key decides.
    expect(shortcutFor(key({ key: 'я', code: 'KeyZ', ctrlKey: true }))).toBe('undo');
    // AltGr (Ctrl+Alt) types characters on ABNT2: never a shortcut.
    expect(shortcutFor(key({ key: '/', code: 'KeyQ', ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('is ignored while typing in an input, textarea, select or contentEditable', () => {
    for (const target of [{ tagName: 'INPUT' }, { tagName: 'textarea' }, { tagName: 'SELECT' }, { tagName: 'DIV', isContentEditable: true }]) {
      expect(shortcutFor(key({ key: 'z', code: 'KeyZ', ctrlKey: true, target }))).toBeNull();
      expect(shortcutFor(key({ key: 'h', code: 'KeyH', target }))).toBeNull();
      expect(isTemporaryHandKey(key({ key: ' ', code: 'Space', target }))).toBe(false);
    }
    expect(shortcutFor(key({ key: 'h', code: 'KeyH', target: { tagName: 'DIV', isContentEditable: false } }))).toBe('handTool');
    expect(isTemporaryHandKey(key({ key: ' ', code: 'Space' }))).toBe(true);
  });
});
