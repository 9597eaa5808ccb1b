import { Box, Flex, IconButton } from '@chakra-ui/react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ConditionNode } from '@console/shared';
import { childKey, pathOf, useConditionEditor } from './editor-context';
import { NodeEditor, RemoveOperandButton } from './NodeEditor';
import { operandKeys } from './node-keys';

/**
 * The operands of an AND/OR, reordered by dragging their handle (@dnd-kit), with the keyboard
 * too: focus the handle, Space, arrows, Space. Each move is one `move` action (undoable).
 */
export function SortableOperands({ node, pathKey }: { node: { type: 'AND' | 'OR'; params: ConditionNode[] }; pathKey: string }) {
  const { dispatch, disabled } = useConditionEditor();
  const keys = operandKeys(node.params);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const from = keys.indexOf(String(e.active.id));
    const to = keys.indexOf(String(e.over.id));
    if (from >= 0 && to >= 0) dispatch({ type: 'move', parentPath: pathOf(pathKey), from, to });
  };
  const count = node.params.length;
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}
      accessibility={{ screenReaderInstructions: { draggable: 'Para mover, pressione espaço, use as setas e pressione espaço de novo para soltar.' } }}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Flex direction="column" gap="1.5">
          {node.params.map((child, i) => (
            <SortableOperand key={keys[i]} id={keys[i]!}>
              <NodeEditor node={child} pathKey={childKey(pathKey, i)} slotLabel="condição" slotAccepts="boolean" parentType={node.type} index={i} count={count} />
              {count > 2 && <RemoveOperandButton pathKey={childKey(pathKey, i)} />}
            </SortableOperand>
          ))}
        </Flex>
      </SortableContext>
    </DndContext>
  );
}

function SortableOperand({ id, children }: { id: string; children: React.ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <Flex ref={setNodeRef} align="flex-start" gap="1" style={{ transform: CSS.Transform.toString(transform), transition }} opacity={isDragging ? 0.6 : 1}>
      <IconButton ref={setActivatorNodeRef} size="2xs" variant="ghost" aria-label="Arrastar para reordenar" cursor="grab" {...attributes} {...listeners}>
        ⠿
      </IconButton>
      <Box flex="1" minW="0">{children}</Box>
    </Flex>
  );
}
