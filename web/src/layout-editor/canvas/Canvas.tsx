import { Box } from '@chakra-ui/react';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { useMemo, useRef, useState, type PointerEvent } from 'react';
import type { DragData } from '../drag';
import { useLayoutDocument } from '../layout-document';
import { activeTool, currentTree } from '../reducer';
import { useEditorSelector, useLayoutStore } from '../store';
import { LAYOUT_TEXTS } from '../texts';
import { CanvasNode } from './CanvasNode';
import { CANVAS_CSS } from './canvas-css';
import { CanvasDropIndicator } from './DropIndicator';

/** The canvas as one drop zone (where on it is read from the page: canvas-drop.ts). */
export const CANVAS_DROP_ID = 'canvas';
/** The one drag source of nodes grabbed on the canvas (which node is set when the pointer goes down). */
export const CANVAS_DRAG_ID = 'canvas-node';

/** Mobile preview frame (document 1 §9). */
export const MOBILE_FRAME = { width: 375, height: 667 } as const;
const DESKTOP_WIDTH = 1024;

/**
 * The canvas: the layout drawn as the store shows it, zoomed and panned as a whole (one transform
 * on the stage, so the nodes inside never re-render for it). The hand tool, or Space held, drags
 * to pan.
 */
export function Canvas() {
  const store = useLayoutStore();
  const rootId = useEditorSelector((s) => currentTree(s).rootId);
  const zoom = useEditorSelector((s) => s.view.zoom);
  const panX = useEditorSelector((s) => s.view.pan.x);
  const panY = useEditorSelector((s) => s.view.pan.y);
  const mobile = useEditorSelector((s) => s.view.mobile);
  const hand = useEditorSelector((s) => activeTool(s.view) === 'hand');
  const drag = useRef<{ x: number; y: number } | null>(null);
  const { collectionId, docId } = useLayoutDocument();
  // A content document shows itself above any reference to it: referencing it again is a cycle.
  const chain = useMemo(() => (collectionId === 'content' && docId ? [docId] : []), [collectionId, docId]);
  const { setNodeRef: setDropRef } = useDroppable({ id: CANVAS_DROP_ID });
  // One draggable for every placed node (not one per node: a page of thousands mounts as fast as a
  // page of ten); the pointer-down picks the node under it. Its data object is read at drag start.
  const [grabbed] = useState<Extract<DragData, { kind: 'layer' }>>(() => ({ kind: 'layer', nodeId: '' }));
  const { setNodeRef: setGrabbedRef, listeners } = useDraggable({ id: CANVAS_DRAG_ID, data: grabbed });

  /** A press on a placed node (not the root, not a control inside it) can start dragging that node. */
  function grab(event: PointerEvent<HTMLDivElement>) {
    if (hand || event.button !== 0) return;
    const target = event.target as HTMLElement;
    if (target.closest('button, input, textarea, select, [contenteditable="true"]')) return;
    const element = target.closest<HTMLElement>('[data-testid="canvas-node"]');
    const id = element?.dataset.nodeId;
    if (!element || !id || id === rootId) return;
    grabbed.nodeId = id;
    setGrabbedRef(element);
    listeners?.onPointerDown?.(event);
  }

  function down(event: PointerEvent<HTMLDivElement>) {
    if (!hand || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { x: event.clientX, y: event.clientY };
  }
  function move(event: PointerEvent<HTMLDivElement>) {
    const last = drag.current;
    if (!last) return;
    drag.current = { x: event.clientX, y: event.clientY };
    store.dispatch({ type: 'pan', dx: event.clientX - last.x, dy: event.clientY - last.y });
  }
  function up() {
    drag.current = null;
  }

  return (
    <Box
      ref={setDropRef}
      aria-label={LAYOUT_TEXTS.canvas}
      role="region"
      data-testid="layout-canvas"
      position="relative"
      flex="1"
      minW="0"
      minH="0"
      overflow="hidden"
      bg="gray.100"
      cursor={hand ? (drag.current ? 'grabbing' : 'grab') : 'default'}
      onPointerDown={down}
      onPointerMove={move}
      onPointerUp={up}
      onPointerCancel={up}
      onClick={() => {
        if (!hand) store.dispatch({ type: 'select', id: null });
      }}
    >
      <style>{CANVAS_CSS}</style>
      <CanvasDropIndicator />
      <Box
        data-testid="canvas-stage"
        position="absolute"
        top="6"
        left="6"
        right="6"
        transformOrigin="top center"
        transform={`translate(${panX}px, ${panY}px) scale(${zoom})`}
        // While panning, node clicks must not select.
        pointerEvents={hand ? 'none' : undefined}
      >
        <Box
          data-testid={mobile ? 'mobile-frame' : 'desktop-frame'}
          className="le-page"
          bg="white"
          shadow="md"
          mx="auto"
          w={mobile ? `${MOBILE_FRAME.width}px` : 'full'}
          maxW={mobile ? undefined : `${DESKTOP_WIDTH}px`}
          h={mobile ? `${MOBILE_FRAME.height}px` : undefined}
          minH={mobile ? undefined : '480px'}
          overflowY={mobile ? 'auto' : undefined}
          p="4"
          onPointerDown={grab}
        >
          <CanvasNode id={rootId} chain={chain} />
        </Box>
      </Box>
    </Box>
  );
}
