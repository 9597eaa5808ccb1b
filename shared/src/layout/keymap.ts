/**
 * The layout editor's shortcuts (document 1 screen 6) as a pure function of a key event. The key
 * the layout produced (event.key) is matched first, the physical key (event.code) only when the
 * produced key is not a plain character (a dead key, another script): on a Brazilian ABNT2
 * keyboard '\' sits left of Z (IntlBackslash) and the key where US has '\' types ']', so matching
 * the produced key is what keeps Cmd+\ right there.
 */
export type LayoutShortcut = 'copy' | 'paste' | 'hideTools' | 'zoomOut' | 'zoomReset' | 'zoomIn' | 'undo' | 'redo' | 'handTool' | 'selectTool' | 'toggleMobile';

export interface KeyEventLike {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** The element the event is for (only its tag and contentEditable are read). */
  target?: unknown;
}

interface Binding {
  shortcut: LayoutShortcut;
  /** Cmd (macOS) or Ctrl (elsewhere) held. */
  mod: boolean;
  /** true / false: Shift must be held / must not be; 'any': not read (Shift makes '+' on many layouts). */
  shift: boolean | 'any';
  keys: readonly string[];
}

/** The table of document 1 screen 6. */
export const LAYOUT_KEYMAP: readonly Binding[] = [
  { shortcut: 'copy', mod: true, shift: false, keys: ['c'] },
  { shortcut: 'paste', mod: true, shift: false, keys: ['v'] },
  { shortcut: 'hideTools', mod: true, shift: 'any', keys: ['\\'] },
  { shortcut: 'zoomOut', mod: true, shift: 'any', keys: ['-'] },
  { shortcut: 'zoomReset', mod: true, shift: false, keys: ['0'] },
  { shortcut: 'zoomIn', mod: true, shift: 'any', keys: ['=', '+'] },
  { shortcut: 'undo', mod: true, shift: false, keys: ['z'] },
  { shortcut: 'redo', mod: true, shift: true, keys: ['z'] },
  { shortcut: 'handTool', mod: false, shift: false, keys: ['h'] },
  { shortcut: 'selectTool', mod: false, shift: false, keys: ['v'] },
  { shortcut: 'toggleMobile', mod: false, shift: false, keys: ['m'] },
];

/** The character of a physical key on a US layout, for keys whose produced character is unusable. */
const CODE_KEYS: Readonly<Record<string, string>> = {
  Backslash: '\\',
  IntlBackslash: '\\',
  Minus: '-',
  NumpadSubtract: '-',
  Equal: '=',
  NumpadAdd: '+',
  Digit0: '0',
  Numpad0: '0',
};

/** The key to match: the produced printable ASCII character, else the physical key's. */
export function matchedKey(event: Pick<KeyEventLike, 'key' | 'code'>): string | null {
  if (event.key.length === 1 && event.key >= ' ' && event.key <= '~') return event.key.toLowerCase();
  const letter = /^Key([A-Z])$/.exec(event.code);
  if (letter) return letter[1]!.toLowerCase();
  return CODE_KEYS[event.code] ?? null;
}

/** True while the operator types: inputs, text areas, selects and contentEditable elements. */
export function isTypingTarget(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const element = target as { tagName?: unknown; isContentEditable?: unknown };
  const tag = typeof element.tagName === 'string' ? element.tagName.toUpperCase() : '';
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || element.isContentEditable === true;
}

/**
 * The shortcut an event triggers, or null: none while typing, none with Alt (AltGr on Windows is
 * Ctrl+Alt and types characters on ABNT2), and none when two bindings would match.
 */
export function shortcutFor(event: KeyEventLike): LayoutShortcut | null {
  if (isTypingTarget(event.target) || event.altKey) return null;
  const key = matchedKey(event);
  if (key === null) return null;
  const mod = event.metaKey || event.ctrlKey;
  const matches = LAYOUT_KEYMAP.filter((b) => b.mod === mod && (b.shift === 'any' || b.shift === event.shiftKey) && b.keys.includes(key));
  return matches.length === 1 ? matches[0]!.shortcut : null;
}

/** Space held is a temporary hand tool (as in tldraw and Excalidraw). */
export function isTemporaryHandKey(event: Pick<KeyEventLike, 'key' | 'code' | 'target' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return (event.key === ' ' || event.code === 'Space') && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target);
}
