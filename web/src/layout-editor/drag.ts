import type { LayoutNodeType, LayoutTree } from '@console/shared';
import type { LayoutAction } from './actions';

/** What is dragged: a palette item (a new node) or a layer-tree row (an existing node). */
export type DragData = { kind: 'palette'; nodeType: LayoutNodeType } | { kind: 'layer'; nodeId: string };

/** Where a drop lands: on a canvas container (inside, last) or on a layer row (before, inside, after). */
export type DropTarget = { zone: 'canvas'; nodeId: string } | { zone: 'layer'; nodeId: string; position: 'before' | 'inside' | 'after' };

/**
 * Where on a layer row the pointer is: the top quarter drops before it, the bottom quarter after
 * it, the middle inside a container (for any other node, the nearer half decides).
 */
export function rowPosition(pointerY: number, rect: { top: number; height: number }, container: boolean): 'before' | 'inside' | 'after' {
  const at = (pointerY - rect.top) / Math.max(rect.height, 1);
  if (container && at >= 0.25 && at <= 0.75) return 'inside';
  return at < 0.5 ? 'before' : 'after';
}

/** The parent and index a drop means in the current tree (null when it means nothing). */
export function dropPlace(tree: LayoutTree, target: DropTarget): { parentId: string; index: number } | null {
  const node = tree.nodes.get(target.nodeId);
  if (!node) return null;
  if (target.zone === 'canvas' || target.position === 'inside') {
    if (!node.children) return null;
    return { parentId: node.id, index: node.children.length };
  }
  if (!node.parentId) return target.position === 'after' && node.children ? { parentId: node.id, index: node.children.length } : null;
  const siblings = tree.nodes.get(node.parentId)!.children!;
  return { parentId: node.parentId, index: siblings.indexOf(node.id) + (target.position === 'after' ? 1 : 0) };
}

/**
 * The one action a finished drag is (so a drag is one undo step): insert a palette node, or move a
 * node. A node moved later among its own siblings lands one place earlier once it has left its old
 * place (moveNode counts without it).
 */
export function dropAction(tree: LayoutTree, data: DragData, target: DropTarget): LayoutAction | null {
  const place = dropPlace(tree, target);
  if (!place) return null;
  if (data.kind === 'palette') return { type: 'insert', nodeType: data.nodeType, parentId: place.parentId, index: place.index };
  const node = tree.nodes.get(data.nodeId);
  if (!node || node.id === target.nodeId) return null;
  let index = place.index;
  if (node.parentId === place.parentId) {
    const from = tree.nodes.get(place.parentId)!.children!.indexOf(node.id);
    if (from < index) index -= 1;
  }
  return { type: 'move', id: node.id, parentId: place.parentId, index };
}
