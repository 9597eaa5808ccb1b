import { useDraggable } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { memo, type MouseEvent } from 'react';
import type { DragData } from '../drag';
import { currentSelection, currentTree, activeTool } from '../reducer';
import { useEditorSelector, useLayoutStore } from '../store';
import { LAYOUT_TEXTS } from '../texts';
import { nodeLabel, NodeView } from './node-views';
import { nodeRenders } from './render-count';

/**
 * The selected node's move handle: drag it, or focus it and press Space (or Enter), move with ↑/↓
 * through the places the node can go, and drop with Space (Escape cancels) — dnd-kit's keyboard
 * sensor, the same move as a drag.
 */
function MoveHandle({ id, label }: { id: string; label: string }) {
  const data: DragData = { kind: 'layer', nodeId: id };
  const { setNodeRef, listeners, attributes } = useDraggable({ id: `move:${id}`, data });
  return (
    <button
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      type="button"
      className="le-handle"
      data-testid="canvas-move-handle"
      aria-label={LAYOUT_TEXTS.moveHandle(label)}
      title={LAYOUT_TEXTS.moveHandleHint}
      onClick={(event) => event.stopPropagation()}
    >
      <GripVertical size={14} aria-hidden />
    </button>
  );
}

/**
 * One node of the edited layout. It reads its own node and whether it is selected from the store,
 * and is memoised on its id: a property change redraws that node only, a move redraws the parents
 * involved, and zoom or pan redraw none.
 */
export const CanvasNode = memo(function CanvasNode({ id, chain }: { id: string; chain: readonly string[] }) {
  nodeRenders.count++;
  const store = useLayoutStore();
  const node = useEditorSelector((s) => currentTree(s).nodes.get(id));
  const selected = useEditorSelector((s) => currentSelection(s) === id);
  if (!node) return null;
  const label = nodeLabel(node.type, node.props);

  function select(event: MouseEvent) {
    event.stopPropagation();
    // Links on the canvas select their node; they open from the property panel's preview.
    if ((event.target as HTMLElement).closest('a')) event.preventDefault();
    if (activeTool(store.getState().view) !== 'select') return;
    store.dispatch({ type: 'select', id });
  }

  const view = (
    <NodeView type={node.type} props={node.props} chain={chain} childCount={node.children?.length ?? 0} interactive={selected}>
      {node.children?.map((child) => (
        <CanvasNode key={child} id={child} chain={chain} />
      ))}
    </NodeView>
  );
  return (
    <div
      className="le-node"
      data-testid="canvas-node"
      data-node-id={id}
      data-node-type={node.type}
      aria-label={label}
      // Selection is shown here and told in the layer tree (a tree, whose rows may be selected): a
      // node of no role may not carry aria-selected (axe: aria-allowed-attr).
      data-selected={selected || undefined}
      onClick={select}
    >
      {view}
      {selected && node.parentId !== null && <MoveHandle id={id} label={label} />}
    </div>
  );
});
