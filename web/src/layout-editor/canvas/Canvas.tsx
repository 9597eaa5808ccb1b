import { Box } from '@chakra-ui/react';
import { useMemo, useRef, type PointerEvent } from 'react';
import { useLayoutDocument } from '../layout-document';
import { activeTool, currentTree } from '../reducer';
import { useEditorSelector, useLayoutStore } from '../store';
import { LAYOUT_TEXTS } from '../texts';
import { CanvasNode } from './CanvasNode';
import { CANVAS_CSS } from './canvas-css';

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
          bg="white"
          shadow="md"
          mx="auto"
          w={mobile ? `${MOBILE_FRAME.width}px` : 'full'}
          maxW={mobile ? undefined : `${DESKTOP_WIDTH}px`}
          h={mobile ? `${MOBILE_FRAME.height}px` : undefined}
          minH={mobile ? undefined : '480px'}
          overflowY={mobile ? 'auto' : undefined}
          p="4"
        >
          <CanvasNode id={rootId} chain={chain} />
        </Box>
      </Box>
    </Box>
  );
}
