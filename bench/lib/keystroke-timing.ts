// Keystroke-to-paint, timed the same way on every benchmark page: from each keydown (captured
// before the page's own handlers) to the frame after it has been painted.

/** Calls `done` once the frame after now has been painted. */
export const afterNextPaint = (done: () => void) => requestAnimationFrame(() => setTimeout(done, 0));

/** Starts timing keystrokes; the returned array fills with ms from each keydown to the next paint. */
export function timeKeystrokes(): number[] {
  const keystrokes: number[] = [];
  document.addEventListener(
    'keydown',
    () => {
      const started = performance.now();
      afterNextPaint(() => keystrokes.push(performance.now() - started));
    },
    true,
  );
  return keystrokes;
}
