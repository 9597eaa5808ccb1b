import { Button, Stack, Text } from '@chakra-ui/react';
import { useDraggable } from '@dnd-kit/core';
import { LAYOUT_NODE_TYPES, LAYOUT_NODE_SPECS, isContainer, type LayoutNodeType } from '@console/shared';
import { currentSelection, currentTree } from '../reducer';
import { useLayoutStore } from '../store';
import { LAYOUT_TEXTS } from '../texts';
import type { DragData } from '../drag';

function PaletteItem({ type }: { type: LayoutNodeType }) {
  const store = useLayoutStore();
  const data: DragData = { kind: 'palette', nodeType: type };
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: `palette:${type}`, data });
  const label = LAYOUT_NODE_SPECS[type].label;
  // Enter and Space click the item (add it); the keyboard drag is for placed nodes.
  const { onKeyDown: _keyboardDrag, ...pointer } = listeners ?? {};

  /** A click adds the component to the selected container (else next to the selected node, else the root). */
  function add() {
    const state = store.getState();
    const tree = currentTree(state);
    const selected = currentSelection(state);
    const node = selected ? tree.nodes.get(selected) : undefined;
    if (node && isContainer(node)) store.dispatch({ type: 'insert', nodeType: type, parentId: node.id });
    else if (node?.parentId) {
      const siblings = tree.nodes.get(node.parentId)!.children!;
      store.dispatch({ type: 'insert', nodeType: type, parentId: node.parentId, index: siblings.indexOf(node.id) + 1 });
    } else store.dispatch({ type: 'insert', nodeType: type, parentId: tree.rootId });
  }

  return (
    <Button
      ref={setNodeRef}
      {...pointer}
      {...attributes}
      // dnd-kit's attributes give role="button"; the element is a button already.
      role={undefined}
      size="sm"
      variant="outline"
      justifyContent="flex-start"
      opacity={isDragging ? 0.5 : 1}
      onClick={add}
      data-testid={`palette-${type}`}
      touchAction="none"
    >
      {label}
    </Button>
  );
}

/** The left palette (document 1 screen 6), in the spec's order. */
export function Palette() {
  return (
    <Stack as="nav" aria-label={LAYOUT_TEXTS.palette} w="44" flex="none" p="3" gap="2" borderRightWidth="1px" overflowY="auto" bg="bg">
      <Text fontWeight="semibold" fontSize="sm">
        {LAYOUT_TEXTS.palette}
      </Text>
      {LAYOUT_NODE_TYPES.map((type) => (
        <PaletteItem key={type} type={type} />
      ))}
      <Text fontSize="xs" color="fg.muted">
        {LAYOUT_TEXTS.paletteHint}
      </Text>
    </Stack>
  );
}
