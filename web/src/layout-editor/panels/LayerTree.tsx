import { Box, Text } from '@chakra-ui/react';
import { useSortable, SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS as DndCss } from '@dnd-kit/utilities';
import { createContext, memo, useContext, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { visibleRows, type LayoutTree } from '@console/shared';
import { nodeLabel } from '../canvas/node-views';
import type { DragData, DropTarget } from '../drag';
import { currentSelection, currentTree, type EditorState } from '../reducer';
import { useEditorSelector, useLayoutStore } from '../store';
import { LAYOUT_TEXTS } from '../texts';

/** Where the drag in progress would drop, for the row it is over (drawn as a line or a frame). */
export const DropHintContext = createContext<DropTarget | null>(null);

/** True while a node is dragged: the arrow keys then move the drag (dnd-kit's keyboard sensor), not the selection. */
export const DragActiveContext = createContext<RefObject<boolean> | null>(null);

/** Rows have one height, so only the rows in view (and a few around) are drawn, whatever the layout's size. */
const ROW_HEIGHT = 30;
const OVERSCAN = 12;

/**
 * The rows' own styles, as one stylesheet: plain class names render and re-render far faster than
 * style-prop components (the same reason as the canvas's, canvas/canvas-css.ts).
 */
const LAYER_CSS = `
.le-row { position: relative; height: ${ROW_HEIGHT}px; display: flex; align-items: center; gap: 4px; padding-inline-end: 8px; font-size: 14px; cursor: pointer; border-radius: 2px; touch-action: none; border-top: 2px solid transparent; border-bottom: 2px solid transparent; }
.le-row:hover { background: var(--chakra-colors-gray-100); }
.le-row[aria-selected="true"] { background: var(--chakra-colors-blue-100); }
.le-row[data-drop="inside"] { background: var(--chakra-colors-green-100); }
.le-row[data-drop="before"] { border-top-color: var(--chakra-colors-green-500); }
.le-row[data-drop="after"] { border-bottom-color: var(--chakra-colors-green-500); }
.le-row[data-dragging] { opacity: 0.6; z-index: 1; }
.le-row:focus-visible { outline: 2px solid var(--chakra-colors-blue-400); }
.le-row-fold { width: 16px; flex: none; display: grid; place-items: center; color: var(--chakra-colors-fg-muted); }
.le-row-label { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

const LayerRow = memo(function LayerRow({ id, depth }: { id: string; depth: number }) {
  const store = useLayoutStore();
  // The label and the kind, not the node: an edit that leaves the label as it was re-renders no row.
  const label = useEditorSelector((s) => {
    const node = currentTree(s).nodes.get(id);
    return node ? nodeLabel(node.type, node.props) : null;
  });
  const container = useEditorSelector((s) => currentTree(s).nodes.get(id)?.children != null);
  const selected = useEditorSelector((s) => currentSelection(s) === id);
  const collapsed = useEditorSelector((s) => s.view.collapsed.has(id));
  const hint = useContext(DropHintContext);
  const isRoot = depth === 0;
  const data: DragData = { kind: 'layer', nodeId: id };
  const { setNodeRef, attributes, listeners, transform, isDragging } = useSortable({ id: `layer:${id}`, data, disabled: isRoot });
  if (label === null) return null;
  const here = hint?.zone === 'layer' && hint.nodeId === id ? hint.position : null;
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      className="le-row"
      role="treeitem"
      // The root is no drag source, but it is a row like the others (select, keys).
      aria-disabled={undefined}
      aria-level={depth + 1}
      aria-selected={selected}
      aria-expanded={container ? !collapsed : undefined}
      aria-label={label}
      data-testid="layer-row"
      data-node-id={id}
      data-drop={here ?? undefined}
      data-dragging={isDragging || undefined}
      tabIndex={selected ? 0 : -1}
      onClick={() => store.dispatch({ type: 'select', id })}
      style={{ paddingInlineStart: depth * 14 + 4, transform: isDragging ? DndCss.Translate.toString(transform) : undefined }}
    >
      {container ? (
        <button
          type="button"
          className="le-row-fold"
          aria-label={collapsed ? LAYOUT_TEXTS.expand : LAYOUT_TEXTS.collapse}
          tabIndex={-1}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={(event) => {
            event.stopPropagation();
            store.dispatch({ type: 'toggleCollapsed', id });
          }}
        >
          {collapsed ? <ChevronRight size={14} aria-hidden /> : <ChevronDown size={14} aria-hidden />}
        </button>
      ) : (
        <span className="le-row-fold" />
      )}
      <span className="le-row-label">{label}</span>
    </div>
  );
});

/**
 * The visible rows, computed again only when the tree's shape or the folding changed: a property
 * edit keeps every node's children list, so typing re-renders no row and not the tree (each
 * keystroke compares the rows' children lists, references only, instead of walking the layout).
 */
function visibleRowsSelector() {
  let lastTree: LayoutTree | null = null;
  let lastCollapsed: ReadonlySet<string> | null = null;
  let lastRows: ReadonlyArray<{ id: string; depth: number }> = [];
  return (state: EditorState) => {
    const tree = currentTree(state);
    const collapsed = state.view.collapsed;
    if (tree === lastTree && collapsed === lastCollapsed) return lastRows;
    const sameShape =
      lastTree !== null &&
      collapsed === lastCollapsed &&
      tree.rootId === lastTree.rootId &&
      lastRows.every((row) => {
        const before = lastTree!.nodes.get(row.id);
        const after = tree.nodes.get(row.id);
        return after !== undefined && before?.children === after.children;
      });
    if (!sameShape) lastRows = visibleRows(tree, collapsed);
    lastTree = tree;
    lastCollapsed = collapsed;
    return lastRows;
  };
}

/**
 * The layer tree: every node in order, containers foldable. Click or arrow keys select; a row
 * dragged onto another goes before it, after it, or (on a container's middle) inside it.
 * Keys: ↑/↓ previous/next row, → open a container or go to its first child, ← fold it or go to the
 * parent, Home/End first/last row.
 */
export function LayerTree() {
  const store = useLayoutStore();
  const [selectRows] = useState(visibleRowsSelector);
  const rows = useEditorSelector(selectRows);
  const sortableIds = useMemo(() => rows.map((r) => `layer:${r.id}`), [rows]);
  const list = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 800 });
  const dragActive = useContext(DragActiveContext);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    // The observer reports the size after the browser's own layout (its first report comes on
    // observe): reading clientHeight here would force a layout of the whole editor while it opens.
    const observer = new ResizeObserver(([entry]) => setView({ top: element.scrollTop, height: entry?.contentRect.height || 800 }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);

  function focusRow(id: string) {
    store.dispatch({ type: 'select', id });
    const index = rows.findIndex((r) => r.id === id);
    const element = scroller.current;
    if (element && index >= 0) {
      const top = index * ROW_HEIGHT;
      if (top < element.scrollTop) element.scrollTop = top;
      else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight) element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    }
    // After the rows in view are drawn.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-testid="layer-row"][data-node-id="${CSS.escape(id)}"]`)?.focus()),
    );
  }

  function keyDown(event: KeyboardEvent) {
    if (dragActive?.current) return;
    const state = store.getState();
    const t = currentTree(state);
    const selected = currentSelection(state);
    const at = rows.findIndex((r) => r.id === selected);
    const node = selected ? t.nodes.get(selected) : undefined;
    let next: string | undefined;
    switch (event.key) {
      case 'ArrowDown':
        next = rows[Math.min(at + 1, rows.length - 1)]?.id;
        break;
      case 'ArrowUp':
        next = rows[Math.max(at - 1, 0)]?.id;
        break;
      case 'Home':
        next = rows[0]?.id;
        break;
      case 'End':
        next = rows[rows.length - 1]?.id;
        break;
      case 'ArrowRight':
        if (node?.children) {
          if (state.view.collapsed.has(node.id)) store.dispatch({ type: 'toggleCollapsed', id: node.id });
          else next = node.children[0];
        }
        break;
      case 'ArrowLeft':
        if (node?.children?.length && !state.view.collapsed.has(node.id)) store.dispatch({ type: 'toggleCollapsed', id: node.id });
        else next = node?.parentId ?? undefined;
        break;
      default:
        return;
    }
    event.preventDefault();
    if (next) focusRow(next);
  }

  return (
    <Box flex="1" minH="0" display="flex" flexDirection="column" p="2" borderTopWidth="1px">
      <style>{LAYER_CSS}</style>
      <Text fontWeight="semibold" fontSize="sm" mb="1">
        {LAYOUT_TEXTS.layers}
      </Text>
      <Box
        ref={scroller}
        flex="1"
        minH="0"
        overflowY="auto"
        onScroll={(event) => {
          const element = event.currentTarget;
          setView({ top: element.scrollTop, height: element.clientHeight });
        }}
      >
        <SortableContext items={sortableIds} strategy={verticalListSortingStrategy}>
          <Box ref={list} role="tree" aria-label={LAYOUT_TEXTS.layers} onKeyDown={keyDown} data-testid="layer-tree">
            <Box h={`${first * ROW_HEIGHT}px`} aria-hidden />
            {rows.slice(first, last).map((row) => (
              <LayerRow key={row.id} id={row.id} depth={row.depth} />
            ))}
            <Box h={`${(rows.length - last) * ROW_HEIGHT}px`} aria-hidden />
          </Box>
        </SortableContext>
      </Box>
    </Box>
  );
}
