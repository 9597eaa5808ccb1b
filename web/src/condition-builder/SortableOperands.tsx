import { Box, Flex, IconButton } from '@chakra-ui/react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useCallback, useRef } from 'react';
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
 * The operands of an AND/OR, reordered by dragging their handle (@dnd-kit), with the keyboard
 * too: focus the handle, Space, arrows, Space. Each move is one `move` action (undoable).
 */
export function SortableOperands({ node, pathKey }: { node: { type: 'AND' | 'OR'; params: ConditionNode[] }; pathKey: string }) {
  const { dispatch, disabled } = useConditionEditor();
  const keys = useOperandKeys(node.params);
  const sensors = useSensors(useSensor(PointerSensor, POINTER), useSensor(KeyboardSensor, KEYBOARD));
  const latest = useRef({ keys, pathKey });
  latest.current = { keys, pathKey };
  const onDragEnd = useCallback((e: DragEndEvent) => {
    const { keys: current, pathKey: at } = latest.current;
    if (!e.over || e.active.id === e.over.id) return;
    const from = current.indexOf(String(e.active.id));
    const to = current.indexOf(String(e.over.id));
    if (from >= 0 && to >= 0) dispatch({ type: 'move', parentPath: pathOf(at), from, to });
  }, [dispatch]);
  const count = node.params.length;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={ACCESSIBILITY}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Flex direction="column" gap="1.5">
          {node.params.map((child, i) => (
            <OperandRow key={keys[i]} id={keys[i]!} node={child} pathKey={childKey(pathKey, i)} parentType={node.type} index={i} count={count} />
          ))}
        </Flex>
      </SortableContext>
    </DndContext>
  );
}

/** One operand with its drag handle (and remove button when the group has more than two). */
const OperandRow = memo(function OperandRow({ id, node, pathKey, parentType, index, count }: {
  id: string; node: ConditionNode; pathKey: string; parentType: ConditionNodeType; index: number; count: number;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <Flex ref={setNodeRef} align="flex-start" gap="1" style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}>
      <IconButton ref={setActivatorNodeRef} size="2xs" variant="ghost" aria-label="Arrastar para reordenar" cursor="grab" {...attributes} {...listeners}>
        ⠿
      </IconButton>
      <Box flex="1" minW="0">
        <NodeEditor node={node} pathKey={pathKey} slotLabel="condição" slotAccepts="boolean" parentType={parentType} index={index} count={count} />
      </Box>
      {count > 2 && <RemoveOperandButton pathKey={pathKey} />}
    </Flex>
  );
});
