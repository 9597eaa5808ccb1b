import { Box, Flex, IconButton } from '@chakra-ui/react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, startTransition, useCallback, useEffect, useLayoutEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import type { ConditionNode, ConditionNodeType } from '@console/shared';
import { childKey, pathOf, useConditionEditor } from './editor-context';
import { useOperandKeys } from './node-keys';

// Module constants: new option objects on each render would give dnd-kit new sensors and
// contexts, re-rendering every operand of the group at each keystroke.
const POINTER = { activationConstraint: { distance: 4 } };
const KEYBOARD = { coordinateGetter: sortableKeyboardCoordinates };
const ACCESSIBILITY = {
  screenReaderInstructions: { draggable: 'Para mover, pressione espaço, use as setas e pressione espaço de novo para soltar.' },
};

/**
 * Each operand row is rendered only while it is on screen (a large rule is mostly off screen, and
 * its rows would otherwise be styled, laid out and painted again after every keystroke). Their
 * size is remembered once shown; the clip margin keeps focus rings (up to 4 px outside a
 * control) visible inside the containment this implies.
 */
const ROW_CONTAINMENT = { contentVisibility: 'auto', containIntrinsicSize: 'auto 2.25rem', overflowClipMargin: '4px' } as const;

/**
 * A group's operands as a store each row subscribes to by index. An edit inside one operand then
 * re-renders that row only: the drag-and-drop layer, which depends on the order alone (the keys),
 * is left alone while typing.
 */
class OperandStore {
  private listeners = new Set<() => void>();
  constructor(public params: readonly ConditionNode[]) {}
  /** Takes the new operands during render, before rows whose position changed read them. */
  update(params: readonly ConditionNode[]): boolean {
    if (params === this.params) return false;
    this.params = params;
    return true;
  }
  notify(): void {
    for (const l of this.listeners) l();
  }
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}

/**
 * What edits one operand (NodeEditor, given by the group that renders this list: the two render
 * each other, and the editor is passed in so neither file imports the other).
 */
export type OperandEditor = ComponentType<{
  node: ConditionNode;
  pathKey: string;
  slotLabel: string;
  slotAccepts: string;
  parentType: ConditionNodeType;
  index: number;
  count: number;
}>;

/**
 * The operands of an AND/OR, reordered by dragging their handle (@dnd-kit), with the keyboard
 * too: focus the handle, Space, arrows, Space — also into another group (OperandDragContext).
 * Each move is one `move` or `transfer` action (undoable).
 */
export function SortableOperands({
  node,
  pathKey,
  Operand,
}: {
  node: { type: 'AND' | 'OR'; params: ConditionNode[] };
  pathKey: string;
  Operand: OperandEditor;
}) {
  const keys = useOperandKeys(node.params);
  const [store] = useState(() => new OperandStore(node.params));
  const changed = store.update(node.params);
  useLayoutEffect(() => {
    if (changed) store.notify();
  });
  return <SortableList keys={keys} pathKey={pathKey} parentType={node.type} store={store} Operand={Operand} />;
}

/**
 * Rows a group shows when it mounts; the others follow once that is painted, ROWS_PER_STEP at a
 * time at a transition's priority (typing goes first), until all are there. A 1,000-node rule then
 * paints its first screen without building the 900 nodes below it first (issue 30: open in
 * ≤ 500 ms); rows added later by an edit show at once.
 */
const FIRST_ROWS = 8;
const ROWS_PER_STEP = 16;

function useShownRows(count: number): number {
  const [shown, setShown] = useState(FIRST_ROWS);
  const complete = shown >= count;
  useEffect(() => {
    if (complete) {
      if (shown !== Number.POSITIVE_INFINITY) setShown(Number.POSITIVE_INFINITY);
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setShown((n) => n + ROWS_PER_STEP)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [complete, shown]);
  return Math.min(shown, count);
}

const SortableList = memo(function SortableList({
  keys,
  pathKey,
  parentType,
  store,
  Operand,
}: {
  keys: string[];
  pathKey: string;
  parentType: ConditionNodeType;
  store: OperandStore;
  Operand: OperandEditor;
}) {
  const { disabled } = useConditionEditor();
  const shown = useShownRows(keys.length);
  return (
    <SortableContext items={keys} strategy={verticalListSortingStrategy} disabled={disabled}>
      <Flex direction="column" gap="1.5">
        {keys.slice(0, shown).map((key, i) => (
          <OperandRow key={key} id={key} store={store} pathKey={childKey(pathKey, i)} parentType={parentType} index={i} count={keys.length} Operand={Operand} />
        ))}
      </Flex>
    </SortableContext>
  );
});

const startsWith = (path: number[], prefix: number[]) => prefix.length <= path.length && prefix.every((p, i) => path[i] === p);

/**
 * One drag-and-drop context for the whole tree, around every group's sortable list, so an operand
 * can be dropped among another group's operands (each group with a context of its own kept drops
 * inside the dragged operand's group). A drop on an operand of the same group reorders (`move`);
 * on one of another group it goes there, before that operand (`transfer`). A group is never dropped
 * inside itself.
 */
export function OperandDragContext({ children }: { children: ReactNode }) {
  const { dispatch } = useConditionEditor();
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      const from = e.active.data.current?.pathKey;
      const over = e.over?.data.current?.pathKey;
      if (typeof from !== 'string' || typeof over !== 'string' || from === over) return;
      const fromPath = pathOf(from);
      const overPath = pathOf(over);
      if (startsWith(overPath, fromPath)) return;
      const fromParent = fromPath.slice(0, -1);
      const toParent = overPath.slice(0, -1);
      const toIndex = overPath[overPath.length - 1]!;
      if (fromParent.length === toParent.length && startsWith(toParent, fromParent)) {
        dispatch({ type: 'move', parentPath: fromParent, from: fromPath[fromPath.length - 1]!, to: toIndex });
      } else dispatch({ type: 'transfer', from: fromPath, toParent, toIndex });
    },
    [dispatch],
  );
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={ACCESSIBILITY}>
      {children}
    </DndContext>
  );
}

/** One operand with its drag handle (and remove button when the group has more than two). */
const OperandRow = memo(function OperandRow({
  id,
  store,
  pathKey,
  parentType,
  index,
  count,
  Operand,
}: {
  id: string;
  store: OperandStore;
  pathKey: string;
  parentType: ConditionNodeType;
  index: number;
  count: number;
  Operand: OperandEditor;
}) {
  const node = useSyncExternalStore(store.subscribe, () => store.params[index]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, data: { pathKey } });
  if (!node) return null;
  return (
    <Flex
      ref={setNodeRef}
      align="flex-start"
      gap="1"
      style={{ ...ROW_CONTAINMENT, transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <DragHandle handleRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} />
      <Box flex="1" minW="0">
        <Operand node={node} pathKey={pathKey} slotLabel="condição" slotAccepts="boolean" parentType={parentType} index={index} count={count} />
      </Box>
      {count > 2 && <RemoveOperandButton pathKey={pathKey} />}
    </Flex>
  );
});

/** The drag handle: dnd-kit keeps its ref, attributes and listeners stable, so typing leaves it alone. */
const DragHandle = memo(function DragHandle({
  handleRef,
  attributes,
  listeners,
}: {
  handleRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}) {
  return (
    <IconButton ref={handleRef} size="2xs" variant="ghost" aria-label="Arrastar para reordenar" cursor="grab" {...attributes} {...listeners}>
      ⠿
    </IconButton>
  );
});

/** The visible remove button of an AND/OR operand: only when the group has more than two (document 1 §5). */
export const RemoveOperandButton = memo(function RemoveOperandButton({ pathKey }: { pathKey: string }) {
  const { dispatch, disabled } = useConditionEditor();
  return (
    <IconButton
      size="2xs"
      variant="ghost"
      colorPalette="red"
      aria-label="Remover condição"
      disabled={disabled}
      onClick={() => dispatch({ type: 'remove', path: pathOf(pathKey) })}
    >
      ✕
    </IconButton>
  );
});
