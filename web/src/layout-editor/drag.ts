import { isSelfOrAncestor, type LayoutNodeType, type LayoutTree } from '@console/shared';
import type { LayoutAction } from './actions';

/**
 * What is dragged: a palette item (a new node), or a placed node — from its layer row, from the
 * canvas (the node itself, or the move handle of the selected node).
 */
export type DragData = { kind: 'palette'; nodeType: LayoutNodeType } | { kind: 'layer'; nodeId: string };

export type DropPosition = 'before' | 'inside' | 'after';

/**
 * Where a drop lands: before, inside or after a node (on the canvas or on its layer row). `index`
 * places an 'inside' drop among the container's children (counted with the dragged node still in
 * place); without it the drop goes last.
 */
export type DropTarget = { zone: 'canvas' | 'layer'; nodeId: string; position: DropPosition; index?: number };

/**
 * Where on a layer row the pointer is: the top quarter drops before it, the bottom quarter after
 * it, the middle inside a container (for any other node, the nearer half decides).
 */
export function rowPosition(pointerY: number, rect: { top: number; height: number }, container: boolean): DropPosition {
  const at = (pointerY - rect.top) / Math.max(rect.height, 1);
  if (container && at >= 0.25 && at <= 0.75) return 'inside';
  return at < 0.5 ? 'before' : 'after';
}

/** A canvas container's edge (px) that drops before or after it rather than inside: a quarter of it, at most 20 px. */
const CANVAS_EDGE_PX = 20;

/**
 * Where over a node drawn on the canvas the pointer is. A leaf: its upper half drops before it,
 * its lower half after it. A container: a band along its top and bottom edges drops before or
 * after it, the rest inside it; the root takes everything inside.
 */
export function canvasPosition(pointerY: number, rect: { top: number; height: number }, container: boolean, root: boolean): DropPosition {
  if (root) return 'inside';
  const offset = pointerY - rect.top;
  if (!container) return offset < rect.height / 2 ? 'before' : 'after';
  const edge = Math.min(rect.height / 4, CANVAS_EDGE_PX);
  if (offset < edge) return 'before';
  if (offset > rect.height - edge) return 'after';
  return 'inside';
}

/**
 * The index among a container's children for a drop inside it: before the first child whose
 * middle is below the pointer (children drawn top to bottom), else last.
 */
export function insideIndex(pointerY: number, childMiddles: readonly number[]): number {
  const index = childMiddles.findIndex((middle) => middle > pointerY);
  return index === -1 ? childMiddles.length : index;
}

/** The parent and index a drop means in the current tree (null when it means nothing). */
export function dropPlace(tree: LayoutTree, target: DropTarget): { parentId: string; index: number } | null {
  const node = tree.nodes.get(target.nodeId);
  if (!node) return null;
  if (target.position === 'inside') {
    if (!node.children) return null;
    const index = target.index === undefined ? node.children.length : Math.min(Math.max(target.index, 0), node.children.length);
    return { parentId: node.id, index };
  }
  if (!node.parentId) return target.position === 'after' && node.children ? { parentId: node.id, index: node.children.length } : null;
  const siblings = tree.nodes.get(node.parentId)!.children!;
  return { parentId: node.parentId, index: siblings.indexOf(node.id) + (target.position === 'after' ? 1 : 0) };
}

/**
 * The one action a finished drag is (so a drag is one undo step): insert a palette node, or move a
 * node. A node moved later among its own siblings lands one place earlier once it has left its old
 * place (moveNode counts without it). A drop onto the node itself or inside it means nothing.
 */
export function dropAction(tree: LayoutTree, data: DragData, target: DropTarget): LayoutAction | null {
  const place = dropPlace(tree, target);
  if (!place) return null;
  if (data.kind === 'palette') return { type: 'insert', nodeType: data.nodeType, parentId: place.parentId, index: place.index };
  const node = tree.nodes.get(data.nodeId);
  if (!node || node.id === target.nodeId || isSelfOrAncestor(tree, node.id, place.parentId)) return null;
  let index = place.index;
  if (node.parentId === place.parentId) {
    const from = tree.nodes.get(place.parentId)!.children!.indexOf(node.id);
    if (from < index) index -= 1;
    if (from === index) return null;
  }
  return { type: 'move', id: node.id, parentId: place.parentId, index };
}

/** A place a keyboard move can put a node: a container and an index among its children without the moved node. */
export interface KeyboardSlot {
  parentId: string;
  index: number;
}

/**
 * Every place `id` can be moved to, in reading order (the keyboard move steps through them with
 * ↑/↓): each gap between the children of every container outside the moved subtree, the gaps of a
 * container coming right where the container is read. Indexes count the children without `id`,
 * as moveNode does. `start` is the slot `id` is in now.
 */
export function keyboardSlots(tree: LayoutTree, id: string): { slots: KeyboardSlot[]; start: number } {
  const slots: KeyboardSlot[] = [];
  let start = 0;
  const moved = tree.nodes.get(id);
  const from = moved?.parentId ? tree.nodes.get(moved.parentId)!.children!.indexOf(id) : -1;
  const walk = (containerId: string) => {
    const children = (tree.nodes.get(containerId)?.children ?? []).filter((child) => child !== id);
    const here = (index: number) => {
      if (containerId === moved?.parentId && index === from) start = slots.length;
      slots.push({ parentId: containerId, index });
    };
    children.forEach((child, index) => {
      here(index);
      if (tree.nodes.get(child)?.children) walk(child);
    });
    here(children.length);
  };
  walk(tree.rootId);
  return { slots, start };
}

/** The move a keyboard slot means (null when the node is there already). */
export function slotAction(tree: LayoutTree, id: string, slot: KeyboardSlot): LayoutAction | null {
  const node = tree.nodes.get(id);
  if (!node || node.parentId === null) return null;
  if (node.parentId === slot.parentId && tree.nodes.get(slot.parentId)!.children!.indexOf(id) === slot.index) return null;
  return { type: 'move', id, parentId: slot.parentId, index: slot.index };
}

/**
 * How a keyboard slot is shown: a line before or after a sibling, or the empty container framed.
 * (The sibling list is the container's children without the moved node.)
 */
export function slotTarget(tree: LayoutTree, id: string, slot: KeyboardSlot): { nodeId: string; position: DropPosition } {
  const children = (tree.nodes.get(slot.parentId)?.children ?? []).filter((child) => child !== id);
  if (slot.index < children.length) return { nodeId: children[slot.index]!, position: 'before' };
  if (children.length > 0) return { nodeId: children[children.length - 1]!, position: 'after' };
  return { nodeId: slot.parentId, position: 'inside' };
}
