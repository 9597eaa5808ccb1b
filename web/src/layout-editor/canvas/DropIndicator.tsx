import { createContext, useContext } from 'react';
import { createPortal } from 'react-dom';
import type { CanvasIndicator } from './canvas-drop';

/** The drop the drag in progress would make on the canvas (null: none here). */
export const CanvasIndicatorContext = createContext<CanvasIndicator | null>(null);

/**
 * The canvas's drop indicator: a line where the node would go and a frame around the container it
 * would go into. Drawn over everything in viewport pixels (the canvas is zoomed and panned), and
 * never in the pointer's way.
 */
export function CanvasDropIndicator() {
  const indicator = useContext(CanvasIndicatorContext);
  if (!indicator) return null;
  return createPortal(
    <>
      {indicator.frame && (
        <div
          data-testid="canvas-drop-frame"
          style={{
            position: 'fixed',
            pointerEvents: 'none',
            zIndex: 2000,
            left: indicator.frame.left - 2,
            top: indicator.frame.top - 2,
            width: indicator.frame.width + 4,
            height: indicator.frame.height + 4,
            border: '2px solid var(--chakra-colors-green-500)',
            borderRadius: 6,
            background: 'color-mix(in srgb, var(--chakra-colors-green-400) 8%, transparent)',
          }}
        />
      )}
      {indicator.line && (
        <div
          data-testid="canvas-drop-line"
          data-position={indicator.position}
          style={{
            position: 'fixed',
            pointerEvents: 'none',
            zIndex: 2001,
            left: indicator.line.left,
            top: indicator.line.top,
            width: indicator.line.width,
            height: 3,
            borderRadius: 2,
            background: 'var(--chakra-colors-green-600)',
          }}
        />
      )}
    </>,
    document.body,
  );
}
