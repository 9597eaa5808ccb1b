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
import { memo, useCallback, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ConditionNode, ConditionNodeType } from '@console/shared';
import { childKey, pathOf, useConditionEditor } from './editor-context';
import { NodeEditor, RemoveOperandButton } from './NodeEditor';
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
 * The operands of an AND/OR, reordered by dragging their handle (@dnd-kit), with the keyboard
 * too: focus the handle, Space, arrows, Space. Each move is one `move` action (undoable).
 */
export function SortableOperands({ node, pathKey }: { node: { type: 'AND' | 'OR'; params: ConditionNode[] }; pathKey: string }) {
  const keys = useOperandKeys(node.params);
  const [store] = useState(() => new OperandStore(node.params));
  const changed = store.update(node.params);
  useLayoutEffect(() => {
    if (changed) store.notify();
  });
  return <SortableList keys={keys} pathKey={pathKey} parentType={node.type} store={store} />;
}

const SortableList = memo(function SortableList({
  keys,
  pathKey,
  parentType,
  store,
}: {
  keys: string[];
  pathKey: string;
  parentType: ConditionNodeType;
  store: OperandStore;
}) {
  const { dispatch, disabled } = useConditionEditor();
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const latest = useRef({ keys, pathKey });
  latest.current = { keys, pathKey };
  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      const { keys: current, pathKey: at } = latest.current;
      if (!e.over || e.active.id === e.over.id) return;
      const from = current.indexOf(String(e.active.id));
      const to = current.indexOf(String(e.over.id));
      if (from >= 0 && to >= 0) dispatch({ type: 'move', parentPath: pathOf(at), from, to });
    },
    [dispatch],
  );
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={ACCESSIBILITY}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Flex direction="column" gap="1.5">
          {keys.map((key, i) => (
            <OperandRow key={key} id={key} store={store} pathKey={childKey(pathKey, i)} parentType={parentType} index={i} count={keys.length} />
          ))}
        </Flex>
      </SortableContext>
    </DndContext>
  );
});

/** One operand with its drag handle (and remove button when the group has more than two). */
const OperandRow = memo(function OperandRow({
  id,
  store,
  pathKey,
  parentType,
  index,
  count,
}: {
  id: string;
  store: OperandStore;
  pathKey: string;
  parentType: ConditionNodeType;
  index: number;
  count: number;
}) {
  const node = useSyncExternalStore(store.subscribe, () => store.params[index]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
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
        <NodeEditor node={node} pathKey={pathKey} slotLabel="condição" slotAccepts="boolean" parentType={parentType} index={index} count={count} />
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
