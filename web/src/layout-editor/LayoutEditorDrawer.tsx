import { Box, CloseButton, Drawer, Flex, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import {
  DndContext,
  DragOverlay,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { useEffect, useState } from 'react';
import { flatFromTree, LAYOUT_NODE_SPECS, type EditorLayoutField, type FlatLayout, type LayoutTree } from '@console/shared';
import { Canvas } from './canvas/Canvas';
import { nodeLabel } from './canvas/node-views';
import { clearCatalogueCache } from './catalogue';
import { dropAction, rowPosition, type DragData, type DropTarget } from './drag';
import { LayerTree, DropHintContext } from './panels/LayerTree';
import { Palette } from './panels/Palette';
import { PropertyPanel } from './panels/PropertyPanel';
import { Toolbar } from './panels/Toolbar';
import { currentTree } from './reducer';
import { useLayoutShortcuts } from './shortcuts';
import { createLayoutEditorStore, LayoutEditorStoreProvider, useEditorSelector, type LayoutEditorStore } from './store';
import { LAYOUT_TEXTS } from './texts';
import { LayoutDocumentContext } from './layout-document';
import type { FormDocument } from '../form-engine/data/form-document';
import { useLiveLayoutSync, type LayoutTarget } from './live-sync';
import { useEditorPresence } from './presence';
import { LayoutConflicts, PresenceText, SaveStatusText } from './SyncStatus';

export interface LayoutEditorDrawerProps {
  field: EditorLayoutField;
  /** The layout as opened (from the field's value). */
  initial: LayoutTree;
  /** The stored (flat) layout `initial` was opened from. */
  base?: FlatLayout;
  /**
   * Where the layout is stored: the editor then saves its operations there itself, key by key,
   * and shows others' saves live (live-sync.ts). Without it (a record being created) every change
   * goes to `onChange` and the form saves it.
   */
  target?: LayoutTarget | null;
  /** Called with the stored form after every change when there is no `target`. */
  onChange(value: unknown): void;
  onClose(): void;
  /** The document being edited. */
  document: FormDocument;
  /** A store made by the caller (the benchmark reads it); by default the drawer makes its own. */
  store?: LayoutEditorStore;
}

/**
 * Drops go to the innermost target under the pointer: a layer row first (the right panel), else
 * the smallest canvas container that holds the pointer.
 */
const innermostTarget: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const rows = hits.filter((hit) => String(hit.id).startsWith('layer:'));
  if (rows.length) return rows.slice(0, 1);
  const area = (id: string | number) => {
    const rect = args.droppableRects.get(id);
    return rect ? rect.width * rect.height : Infinity;
  };
  return hits
    .filter((hit) => String(hit.id).startsWith('canvas:'))
    .sort((a, b) => area(a.id) - area(b.id))
    .slice(0, 1);
};

function pointerY(event: DragMoveEvent | DragEndEvent): number | null {
  const start = event.activatorEvent as PointerEvent | null;
  return start && 'clientY' in start ? start.clientY + event.delta.y : null;
}

function targetOf(store: LayoutEditorStore, event: DragMoveEvent | DragEndEvent): DropTarget | null {
  const over = event.over;
  if (!over) return null;
  const nodeId = (over.data.current as { nodeId?: string } | undefined)?.nodeId;
  if (!nodeId) return null;
  if (String(over.id).startsWith('canvas:')) return { zone: 'canvas', nodeId };
  const y = pointerY(event);
  const container = currentTree(store.getState()).nodes.get(nodeId)?.children != null;
  return { zone: 'layer', nodeId, position: y === null ? 'after' : rowPosition(y, over.rect, container) };
}

function DragPreview({ data }: { data: DragData }) {
  const label = useEditorSelector((s) => {
    if (data.kind === 'palette') return LAYOUT_NODE_SPECS[data.nodeType].label;
    const node = currentTree(s).nodes.get(data.nodeId);
    return node ? nodeLabel(node.type, node.props) : '';
  });
  return (
    <Box bg="blue.600" color="white" px="3" py="1" rounded="md" fontSize="sm" shadow="lg" pointerEvents="none">
      {label}
    </Box>
  );
}

function EditorBody({ field, store }: { field: EditorLayoutField; store: LayoutEditorStore }) {
  const toolsHidden = useEditorSelector((s) => s.view.toolsHidden);
  const [dragging, setDragging] = useState<DragData | null>(null);
  const [hint, setHint] = useState<DropTarget | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  useLayoutShortcuts(store);

  function end(event: DragEndEvent) {
    const data = event.active.data.current as DragData | undefined;
    const target = targetOf(store, event);
    setDragging(null);
    setHint(null);
    if (!data || !target) return;
    const action = dropAction(currentTree(store.getState()), data, target);
    if (!action) return;
    const error = store.dispatch(action);
    if (error) window.alert(error.message);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={innermostTarget}
      onDragStart={(event: DragStartEvent) => setDragging((event.active.data.current as DragData | undefined) ?? null)}
      onDragMove={(event) => setHint(targetOf(store, event))}
      onDragEnd={end}
      onDragCancel={() => {
        setDragging(null);
        setHint(null);
      }}
    >
      <Flex flex="1" minH="0" position="relative">
        {!toolsHidden && <Palette />}
        <Flex flex="1" minW="0" position="relative" direction="column">
          <Canvas />
          <Toolbar />
        </Flex>
        {!toolsHidden && (
          <Stack w="80" flex="none" borderLeftWidth="1px" gap="0" minH="0" bg="bg">
            <PropertyPanel field={field} />
            <DropHintContext.Provider value={hint}>
              <LayerTree />
            </DropHintContext.Provider>
          </Stack>
        )}
      </Flex>
      <DragOverlay dropAnimation={null}>{dragging && <DragPreview data={dragging} />}</DragOverlay>
    </DndContext>
  );
}

/** The page layout editor: a full-width drawer over the form (document 1 screen 6). */
export default function LayoutEditorDrawer({ field, initial, base, target = null, onChange, onClose, document, store: given }: LayoutEditorDrawerProps) {
  const [store] = useState(() => given ?? createLayoutEditorStore(initial, base));
  const live = target !== null;
  useLiveLayoutSync(store, target);
  const others = useEditorPresence(document.projectId, target ? `${target.ref.path}#${target.field}` : null);

  useEffect(() => {
    clearCatalogueCache();
    if (live) return undefined;
    let last = currentTree(store.getState());
    return store.subscribe(() => {
      const tree = currentTree(store.getState());
      if (tree === last) return;
      last = tree;
      onChange(flatFromTree(tree));
    });
  }, [store, onChange, live]);

  return (
    <Drawer.Root open size="full" placement="end" onOpenChange={(details) => !details.open && onClose()} closeOnInteractOutside={false}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="layout-editor" h="100dvh">
            <LayoutEditorStoreProvider value={store}>
              <HStack px="4" py="2" borderBottomWidth="1px" justify="space-between" flex="none">
                <Drawer.Title fontSize="md">
                  {LAYOUT_TEXTS.drawerTitle} — {field.title}
                </Drawer.Title>
                <HStack gap="4">
                  <PresenceText others={others} />
                  {live && <SaveStatusText />}
                  <Text fontSize="xs" color="fg.muted">
                    Ctrl/⌘+C, Ctrl/⌘+V · H mão · V selecionar · M celular
                  </Text>
                  <Drawer.CloseTrigger asChild position="static">
                    <CloseButton size="sm" aria-label={LAYOUT_TEXTS.close} />
                  </Drawer.CloseTrigger>
                </HStack>
              </HStack>
              <LayoutDocumentContext.Provider value={document}>
                <LayoutConflicts />
                <EditorBody field={field} store={store} />
              </LayoutDocumentContext.Provider>
            </LayoutEditorStoreProvider>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
