import { Box, CloseButton, Drawer, Flex, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flatFromTree, LAYOUT_NODE_SPECS, type EditorLayoutField, type LayoutTree } from '@console/shared';
import type { LayoutAction } from './actions';
import { Canvas, CANVAS_DROP_ID } from './canvas/Canvas';
import { canvasDropAt, canvasNodeElement, indicatorFor, type CanvasIndicator } from './canvas/canvas-drop';
import { CanvasIndicatorContext } from './canvas/DropIndicator';
import { nodeLabel } from './canvas/node-views';
import { clearCatalogueCache } from './catalogue';
import { dropAction, keyboardSlots, rowPosition, slotAction, slotTarget, type DragData, type DropTarget, type KeyboardSlot } from './drag';
import { LayerTree, DropHintContext, DragActiveContext } from './panels/LayerTree';
import { Palette } from './panels/Palette';
import { PropertyPanel } from './panels/PropertyPanel';
import { Toolbar } from './panels/Toolbar';
import { currentTree } from './reducer';
import { SHORTCUT_REMINDER, useLayoutShortcuts } from './shortcuts';
import { createLayoutEditorStore, LayoutEditorStoreProvider, useEditorSelector, type LayoutEditorStore } from './store';
import { LAYOUT_TEXTS } from './texts';
import { LayoutDocumentContext } from './layout-document';
import type { LayoutEditorProps } from '../form-engine/document-data';
import { useLiveLayoutSync } from './live-sync';
import { useEditorPresence } from './presence';
import { LayoutConflicts, PresenceText, SaveStatusText } from './SyncStatus';

/** What the form's `editor-layout` field opens it with (form-engine/data/layout-editor-slot.tsx). */
export interface LayoutEditorDrawerProps extends LayoutEditorProps {
  /** A store made by the caller (the benchmark reads it); by default the drawer makes its own. */
  store?: LayoutEditorStore;
}

/**
 * Drops go to the innermost target under the pointer: a layer row first (the right panel), else
 * the canvas (where on the canvas is read from the page: canvas/canvas-drop.ts).
 */
const innermostTarget: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const rows = hits.filter((hit) => String(hit.id).startsWith('layer:'));
  if (rows.length) return rows.slice(0, 1);
  return hits.filter((hit) => hit.id === CANVAS_DROP_ID).slice(0, 1);
};

function pointerAt(event: DragMoveEvent | DragEndEvent): { x: number; y: number } | null {
  const start = event.activatorEvent as PointerEvent | null;
  return start && 'clientY' in start ? { x: start.clientX + event.delta.x, y: start.clientY + event.delta.y } : null;
}

/** What a drag would do where it is now: the action, and how the layer tree and the canvas show it. */
interface DropHint {
  action: LayoutAction | null;
  layer: DropTarget | null;
  canvas: CanvasIndicator | null;
}

const NO_DROP: DropHint = { action: null, layer: null, canvas: null };

/** A keyboard move in progress: the places the node can go, and the one chosen. */
interface KeyboardMove {
  nodeId: string;
  slots: KeyboardSlot[];
  at: number;
}

function keyboardHint(tree: LayoutTree, move: KeyboardMove): DropHint {
  const slot = move.slots[move.at];
  if (!slot) return NO_DROP;
  const action = slotAction(tree, move.nodeId, slot);
  if (!action) return NO_DROP;
  const shown = slotTarget(tree, move.nodeId, slot);
  const element = canvasNodeElement(shown.nodeId);
  return { action, layer: { zone: 'layer', ...shown }, canvas: element ? indicatorFor(element, shown.position) : null };
}

function pointerHint(tree: LayoutTree, data: DragData, event: DragMoveEvent | DragEndEvent): DropHint {
  const over = event.over;
  const point = pointerAt(event);
  if (!over || !point) return NO_DROP;
  const dragged = data.kind === 'layer' ? data.nodeId : null;
  if (over.id === CANVAS_DROP_ID) {
    const drop = canvasDropAt(tree, point.x, point.y, dragged);
    const action = drop && dropAction(tree, data, drop.target);
    return action ? { action, layer: null, canvas: drop.indicator } : NO_DROP;
  }
  const nodeId = (over.data.current as { nodeId?: string } | undefined)?.nodeId;
  if (!nodeId) return NO_DROP;
  const container = tree.nodes.get(nodeId)?.children != null;
  const target: DropTarget = { zone: 'layer', nodeId, position: rowPosition(point.y, over.rect, container) };
  const action = dropAction(tree, data, target);
  return action ? { action, layer: target, canvas: null } : NO_DROP;
}

const sameHint = (a: DropHint, b: DropHint) => JSON.stringify(a) === JSON.stringify(b);

function DragPreview({ data }: { data: DragData }) {
  const label = useEditorSelector((s) => {
    if (data.kind === 'palette') return LAYOUT_NODE_SPECS[data.nodeType].label;
    const node = currentTree(s).nodes.get(data.nodeId);
    return node ? nodeLabel(node.type, node.props) : '';
  });
  return (
    <Box bg="blue.600" color="white" px="3" py="1" rounded="md" fontSize="sm" shadow="lg" pointerEvents="none" w="max-content" maxW="xs" truncate>
      {label}
    </Box>
  );
}

function EditorBody({ field, store, dragActive }: { field: EditorLayoutField; store: LayoutEditorStore; dragActive: RefObject<boolean> }) {
  const toolsHidden = useEditorSelector((s) => s.view.toolsHidden);
  const [dragging, setDragging] = useState<DragData | null>(null);
  // The drag in progress, for the sensor's callbacks (which may run before the next render).
  const draggingRef = useRef<DragData | null>(null);
  const [hint, setHint] = useState<DropHint>(NO_DROP);
  const keyboard = useRef<KeyboardMove | null>(null);
  // The keyboard sensor asks where ↑/↓ go: the previous or next place the node can go, and the
  // point there (the drag preview follows it).
  const coordinateGetter = useMemo<KeyboardCoordinateGetter>(
    () =>
      (event, { currentCoordinates }) => {
        const move = keyboard.current;
        if (!move) return undefined;
        const step = event.code === 'ArrowDown' || event.code === 'ArrowRight' ? 1 : event.code === 'ArrowUp' || event.code === 'ArrowLeft' ? -1 : 0;
        if (step === 0) return undefined;
        event.preventDefault();
        move.at = Math.min(Math.max(move.at + step, 0), move.slots.length - 1);
        const shown = slotTarget(currentTree(store.getState()), move.nodeId, move.slots[move.at]!);
        const element = canvasNodeElement(shown.nodeId);
        if (!element) return currentCoordinates;
        const rect = element.getBoundingClientRect();
        return { x: rect.left, y: shown.position === 'after' ? rect.bottom : rect.top };
      },
    [store],
  );
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter }));
  useLayoutShortcuts(store);

  const accessibility = useMemo(() => {
    const T = LAYOUT_TEXTS.dragAnnouncements;
    const labelOf = (data: unknown) => {
      const d = data as DragData | undefined;
      if (!d) return '';
      if (d.kind === 'palette') return LAYOUT_NODE_SPECS[d.nodeType].label;
      const node = currentTree(store.getState()).nodes.get(d.nodeId);
      return node ? nodeLabel(node.type, node.props) : '';
    };
    const announcements: Announcements = {
      onDragStart: ({ active }) => T.start(labelOf(active.data.current)),
      onDragOver: () => undefined,
      onDragEnd: ({ active }) => T.end(labelOf(active.data.current)),
      onDragCancel: ({ active }) => T.cancel(labelOf(active.data.current)),
    };
    return { announcements, screenReaderInstructions: { draggable: LAYOUT_TEXTS.dragInstructions } };
  }, [store]);

  function show(next: DropHint) {
    setHint((previous) => (sameHint(previous, next) ? previous : next));
  }

  function start(event: DragStartEvent) {
    const given = event.active.data.current as DragData | undefined;
    // A copy: the canvas's drag source reuses its data object for the next press.
    const data = given ? { ...given } : null;
    dragActive.current = true;
    draggingRef.current = data;
    setDragging(data);
    keyboard.current = null;
    if (data?.kind === 'layer') {
      canvasNodeElement(data.nodeId)?.setAttribute('data-dragging', '');
      if (event.activatorEvent instanceof KeyboardEvent) {
        const tree = currentTree(store.getState());
        const { slots, start: at } = keyboardSlots(tree, data.nodeId);
        keyboard.current = { nodeId: data.nodeId, slots, at };
      }
    }
  }

  function finish() {
    const data = draggingRef.current;
    if (data?.kind === 'layer') canvasNodeElement(data.nodeId)?.removeAttribute('data-dragging');
    draggingRef.current = null;
    setDragging(null);
    setHint(NO_DROP);
    keyboard.current = null;
    // After the keys of this event are handled (Escape must not also close the drawer).
    setTimeout(() => (dragActive.current = false));
  }

  function hintOf(event: DragMoveEvent | DragEndEvent): DropHint {
    const tree = currentTree(store.getState());
    if (keyboard.current) return keyboardHint(tree, keyboard.current);
    return draggingRef.current ? pointerHint(tree, draggingRef.current, event) : NO_DROP;
  }

  function end(event: DragEndEvent) {
    const { action } = hintOf(event);
    finish();
    if (!action) return;
    const error = store.dispatch(action);
    if (error) window.alert(error.message);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={innermostTarget}
      accessibility={accessibility}
      onDragStart={start}
      onDragMove={(event) => show(hintOf(event))}
      onDragEnd={end}
      onDragCancel={() => finish()}
    >
      <DragActiveContext.Provider value={dragActive}>
        <Flex flex="1" minH="0" position="relative">
          {!toolsHidden && <Palette />}
          <Flex flex="1" minW="0" position="relative" direction="column">
            <CanvasIndicatorContext.Provider value={hint.canvas}>
              <Canvas />
            </CanvasIndicatorContext.Provider>
            <Toolbar />
          </Flex>
          {!toolsHidden && (
            <Stack w="80" flex="none" borderLeftWidth="1px" gap="0" minH="0" bg="bg">
              <PropertyPanel field={field} />
              <DropHintContext.Provider value={hint.layer}>
                <LayerTree />
              </DropHintContext.Provider>
            </Stack>
          )}
        </Flex>
      </DragActiveContext.Provider>
      <DragOverlay dropAnimation={null}>{dragging && <DragPreview data={dragging} />}</DragOverlay>
    </DndContext>
  );
}

/** How often, at most, the layout being edited is handed to the form (its autosave debounces again). */
const SYNC_INTERVAL_MS = 150;

/** The page layout editor: a full-width drawer over the form (document 1 screen 6). */
export default function LayoutEditorDrawer({ field, initial, base, target = null, onChange, onClose, document, store: given }: LayoutEditorDrawerProps) {
  const [store] = useState(() => given ?? createLayoutEditorStore(initial, base));
  const live = target !== null;
  useLiveLayoutSync(store, target);
  const others = useEditorPresence(document.projectId, target ? `${target.ref.path}#${target.field}` : null);
  // While a node is dragged, Escape cancels the drag and does not close the drawer.
  const dragActive = useRef(false);

  useEffect(() => {
    clearCatalogueCache();
    // A stored record saves its own operations (live-sync.ts). A record being created hands the
    // whole layout to the form: at most once per SYNC_INTERVAL_MS while the operator types, not on
    // every keystroke, and once more when the drawer closes.
    if (live) return undefined;
    let last = currentTree(store.getState());
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      if (timer !== null) clearTimeout(timer);
      timer = null;
      const tree = currentTree(store.getState());
      if (tree === last) return;
      last = tree;
      onChange(flatFromTree(tree));
    };
    const unsubscribe = store.subscribe(() => {
      if (timer === null && currentTree(store.getState()) !== last) timer = setTimeout(flush, SYNC_INTERVAL_MS);
    });
    return () => {
      unsubscribe();
      flush();
    };
  }, [store, onChange, live]);

  return (
    <Drawer.Root
      open
      size="full"
      placement="end"
      onOpenChange={(details) => !details.open && onClose()}
      onEscapeKeyDown={(event) => dragActive.current && event.preventDefault()}
      closeOnInteractOutside={false}
    >
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
                    {SHORTCUT_REMINDER}
                  </Text>
                  <Drawer.CloseTrigger asChild position="static">
                    <CloseButton size="sm" aria-label={LAYOUT_TEXTS.close} />
                  </Drawer.CloseTrigger>
                </HStack>
              </HStack>
              <LayoutDocumentContext.Provider value={document}>
                <LayoutConflicts />
                <EditorBody field={field} store={store} dragActive={dragActive} />
              </LayoutDocumentContext.Provider>
            </LayoutEditorStoreProvider>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
