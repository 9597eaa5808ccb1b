import { isSelfOrAncestor, type LayoutTree } from '@console/shared';
import { canvasPosition, insideIndex, type DropPosition, type DropTarget } from '../drag';

/**
 * Drops on the canvas are found in the page as drawn, not through one drop zone per node: the
 * innermost node under the pointer, and where over it the pointer is. A page of thousands of nodes
 * then registers one drop zone, and nothing re-renders while the pointer moves.
 */

const NODE = '[data-testid="canvas-node"]';

/** The canvas element of node `id` (null when it is not drawn). */
export function canvasNodeElement(id: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`${NODE}[data-node-id="${CSS.escape(id)}"]`);
}

/** The elements of a container's children, in order. */
function childElements(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(`:scope > .le-container > ${NODE}`));
}

/** Where a drop shows, in viewport pixels: a line between nodes, and the container it goes into. */
export interface CanvasIndicator {
  line: { left: number; top: number; width: number } | null;
  frame: { left: number; top: number; width: number; height: number } | null;
  position: DropPosition;
}

const box = (rect: DOMRect) => ({ left: rect.left, top: rect.top, width: rect.width, height: rect.height });

/** The indicator of a drop before, after or inside (at `index`, else last) the node drawn as `element`. */
export function indicatorFor(element: HTMLElement, position: DropPosition, index?: number): CanvasIndicator {
  const rect = element.getBoundingClientRect();
  if (position === 'before') return { line: { left: rect.left, top: rect.top - 3, width: rect.width }, frame: null, position };
  if (position === 'after') return { line: { left: rect.left, top: rect.bottom + 1, width: rect.width }, frame: null, position };
  const children = childElements(element);
  const at = index ?? children.length;
  let line: CanvasIndicator['line'] = null;
  if (children.length > 0) {
    const next = children[at]?.getBoundingClientRect();
    const last = children[children.length - 1]!.getBoundingClientRect();
    line = next ? { left: next.left, top: next.top - 4, width: next.width } : { left: last.left, top: last.bottom + 2, width: last.width };
  }
  return { line, frame: box(rect), position };
}

/**
 * The drop at viewport point (x, y): the innermost node drawn there and the place over it. Over the
 * dragged node itself (or inside it) there is none.
 */
export function canvasDropAt(tree: LayoutTree, x: number, y: number, draggedId: string | null): { target: DropTarget; indicator: CanvasIndicator } | null {
  for (const element of document.elementsFromPoint(x, y)) {
    if (!(element instanceof HTMLElement) || !element.matches(NODE)) continue;
    const id = element.dataset.nodeId ?? '';
    const node = tree.nodes.get(id);
    if (!node) continue;
    if (draggedId && isSelfOrAncestor(tree, draggedId, id)) return null;
    const rect = element.getBoundingClientRect();
    const position = canvasPosition(y, rect, node.children !== null, id === tree.rootId);
    if (position !== 'inside') return { target: { zone: 'canvas', nodeId: id, position }, indicator: indicatorFor(element, position) };
    const middles = childElements(element).map((child) => {
      const r = child.getBoundingClientRect();
      return r.top + r.height / 2;
    });
    const index = insideIndex(y, middles);
    return { target: { zone: 'canvas', nodeId: id, position, index }, indicator: indicatorFor(element, position, index) };
  }
  return null;
}
