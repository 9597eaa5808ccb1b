import { useDroppable } from '@dnd-kit/core';
import { memo, type MouseEvent, type ReactNode } from 'react';
import { currentSelection, currentTree, activeTool } from '../reducer';
import { useEditorSelector, useLayoutStore } from '../store';
import { nodeLabel, NodeView } from './node-views';
import { nodeRenders } from './render-count';

/** Drop target of a container on the canvas: a palette item or a layer dropped here goes inside, last. */
function ContainerDropZone({ id, children }: { id: string; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `canvas:${id}`, data: { zone: 'canvas', nodeId: id } });
  return (
    <div ref={setNodeRef} className="le-drop" data-over={isOver || undefined}>
      {children}
    </div>
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
  const container = node.children !== null;

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
      aria-label={nodeLabel(node.type, node.props)}
      aria-selected={selected}
      onClick={select}
    >
      {container ? <ContainerDropZone id={id}>{view}</ContainerDropZone> : view}
    </div>
  );
});
