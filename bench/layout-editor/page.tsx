// The test page of bench/layout-editor.mjs: the console's layout editor drawer on synthetic layouts,
// timed and counted from inside the page. Node components count their renders (nodeRenders).
import { ChakraProvider } from '@chakra-ui/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { layoutFromStored, type LayoutTree, type StoredLayoutNode } from '@console/shared';
import { system } from '../../web/src/app/theme';
import LayoutEditorDrawer from '../../web/src/layout-editor/LayoutEditorDrawer';
import { nodeRenders } from '../../web/src/layout-editor/canvas/render-count';
import { applyAction, initialEditorState, currentTree } from '../../web/src/layout-editor/reducer';
import { createLayoutEditorStore, type LayoutEditorStore } from '../../web/src/layout-editor/store';
import type { LayoutAction } from '../../web/src/layout-editor/actions';
import { timeKeystrokes } from '../lib/keystroke-timing';

/** A page of `count` nodes: sections (containers) of 9 leaves — texts, images, files, embeds. */
function syntheticLayout(count: number): StoredLayoutNode {
  const root: StoredLayoutNode = { id: 'root', type: 'ContainerComponent', className: '', href: '', children: [] };
  let made = 1;
  let section: StoredLayoutNode | null = null;
  while (made < count) {
    if (!section || section.children!.length === 9) {
      section = { id: `s${made}`, type: 'ContainerComponent', className: 'flex', href: '', children: [] };
      root.children!.push(section);
      made++;
      continue;
    }
    const i = made++;
    const kind = i % 4;
    section.children!.push(
      kind === 0
        ? {
            id: `n${i}`,
            type: 'ImageComponent',
            className: '',
            file: { id: `f${i}`, url: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', filename: `img-${i}.gif`, isPublic: true },
          }
        : kind === 1
          ? { id: `n${i}`, type: 'FileComponent', className: '', file: { id: `f${i}`, url: '#', filename: `manual-${i}.pdf`, size: 2048, isPublic: true } }
          : { id: `n${i}`, type: 'TextComponent', className: 'text-base', text: `<p>Parágrafo <strong>${i}</strong> da página.</p>` },
    );
  }
  return root;
}

function open(count: number): LayoutTree {
  const opened = layoutFromStored(syntheticLayout(count));
  if (!opened.ok) throw new Error(opened.error.message);
  return opened.value;
}

// ms from each keydown to the paint after it (captured before the editor's own handlers).
const keystrokes = timeKeystrokes();

const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
const field = { name: 'content', title: 'Conteúdo', type: 'editor-layout' as const };
const root = createRoot(document.getElementById('root')!);
let store: LayoutEditorStore | null = null;

async function mount(count: number, toolsHidden = false): Promise<number> {
  flushSync(() => root.render(null));
  await afterNextPaint();
  const tree = open(count);
  store = createLayoutEditorStore(tree);
  if (toolsHidden) store.dispatch({ type: 'toggleTools' });
  const started = performance.now();
  flushSync(() =>
    root.render(
      <ChakraProvider value={system}>
        <LayoutEditorDrawer
          field={field}
          initial={tree}
          store={store!}
          onChange={() => {}}
          onClose={() => {}}
          document={{ projectId: 'bench', collectionId: 'content', docId: 'bench' }}
        />
      </ChakraProvider>,
    ),
  );
  await afterNextPaint();
  return performance.now() - started;
}

/** Node renders caused by `action` (after it painted). */
async function rendersFor(action: LayoutAction): Promise<number> {
  await afterNextPaint();
  nodeRenders.count = 0;
  flushSync(() => store!.dispatch(action));
  await afterNextPaint();
  return nodeRenders.count;
}

/** ms of each of `runs` reducer calls of each operation on a `count`-node layout. */
function operations(count: number, runs: number): Record<string, number[]> {
  const times: Record<string, number[]> = { insert: [], move: [], setProps: [], remove: [], undo: [] };
  let state = initialEditorState(open(count));
  let n = 0;
  const newId = () => `b${++n}`;
  const time = (name: string, action: LayoutAction) => {
    const t = performance.now();
    state = applyAction(state, action, newId).state;
    times[name]!.push(performance.now() - t);
  };
  for (let i = 0; i < runs; i++) {
    const tree = currentTree(state);
    const sections = tree.nodes.get(tree.rootId)!.children!;
    const a = sections[i % sections.length]!;
    const b = sections[(i * 7 + 3) % sections.length]!;
    time('insert', { type: 'insert', nodeType: 'TextComponent', parentId: a, index: 0 });
    const leaf = currentTree(state).nodes.get(a)!.children![0]!;
    time('setProps', { type: 'setProps', id: leaf, patch: { text: `<p>${i}</p>` } });
    time('move', { type: 'move', id: leaf, parentId: b, index: 1 });
    time('remove', { type: 'remove', id: leaf });
    time('undo', { type: 'undo' });
  }
  return times;
}

/** Baseline in the same run: the same stored tree as bare nested React divs (no editor, no Chakra). */
function Bare({ node }: { node: StoredLayoutNode }) {
  return (
    <div className={node.className}>
      {typeof node.text === 'string' && <div dangerouslySetInnerHTML={{ __html: node.text }} />}
      {node.children?.map((child) => (
        <Bare key={child.id} node={child} />
      ))}
    </div>
  );
}

async function mountBare(count: number): Promise<number> {
  flushSync(() => root.render(null));
  await afterNextPaint();
  const stored = syntheticLayout(count);
  const started = performance.now();
  flushSync(() => root.render(<Bare node={stored} />));
  await afterNextPaint();
  return performance.now() - started;
}

/**
 * Opens a `count`-node layout, selects the first section (a container) and focuses its className
 * input: the runner then types there with real key events, timed by `keystrokes`.
 */
async function prepareTyping(count: number): Promise<void> {
  await mount(count);
  const tree = currentTree(store!.getState());
  const section = tree.nodes.get(tree.rootId)!.children![0]!;
  flushSync(() => store!.dispatch({ type: 'select', id: section }));
  await afterNextPaint();
  const input = document.querySelector<HTMLInputElement>('[data-testid="property-panel"] input');
  if (!input) throw new Error('no className input');
  input.focus();
  // The operator opens, then types: the browser's idle time after the open (collecting the
  // previous page's garbage) is not charged to the first keystrokes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await afterNextPaint();
  keystrokes.splice(0);
  nodeRenders.count = 0;
}

Object.assign(window, {
  bench: {
    keystrokes,
    prepareTyping,
    /** Canvas node renders since the last prepareTyping. */
    nodeRenders: () => nodeRenders.count,
    mount,
    mountBare,
    operations,
    /** Renders of node components when one text property changes, when zooming and when panning. */
    async renders(count: number) {
      await mount(count);
      const tree = currentTree(store!.getState());
      const text = [...tree.nodes.values()].find((node) => node.type === 'TextComponent')!;
      return {
        property: await rendersFor({ type: 'setProps', id: text.id, patch: { text: '<p>Alterado</p>' } }),
        zoom: await rendersFor({ type: 'zoomIn' }),
        pan: await rendersFor({ type: 'pan', dx: 40, dy: 25 }),
        nodes: [...tree.nodes.keys()].length,
      };
    },
  },
});
