// The baseline of keystroke-to-paint (floor.html): the same input label and the same timing as
// page.tsx, no React and no tree, so what is left is the browser's own cost of a keystroke.
import { afterNextPaint, timeKeystrokes } from '../lib/keystroke-timing';

const keystrokes = timeKeystrokes();
afterNextPaint(() => Object.assign(window, { bench: { nodes: 0, openMs: 0, keystrokes, renders: [] } }));
