/**
 * Key events as both editors read them. The key the layout produced (event.key) is matched first,
 * the physical key (event.code) only when the produced key is not a plain character (a dead key,
 * another script): on a Brazilian ABNT2 keyboard '\' sits left of Z (IntlBackslash) and the key
 * where US has '\' types ']', so matching the produced key is what keeps Cmd+\ right there.
 */
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

/** A key binding: `mod` is Cmd on macOS and Ctrl elsewhere. */
export interface KeyBinding {
  mod: boolean;
  /** true / false: Shift must be held / must not be; 'any': not read (Shift makes '+' on many layouts). */
  shift: boolean | 'any';
  /** The keys (as matchedKey gives them) that trigger it. */
  keys: readonly string[];
}

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

/**
 * True while the operator types: inputs, text areas, selects and contentEditable elements. The
 * one test both editors use: no editor shortcut fires there (the input's own undo applies).
 */
export function isTypingTarget(target: unknown): boolean {
  if (!target || typeof target !== 'object') return false;
  const element = target as { tagName?: unknown; isContentEditable?: unknown };
  const tag = typeof element.tagName === 'string' ? element.tagName.toUpperCase() : '';
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || element.isContentEditable === true;
}

/** Whether `binding` matches a key event whose matched key is `key`. */
export function bindingMatches(binding: KeyBinding, event: Pick<KeyEventLike, 'ctrlKey' | 'metaKey' | 'shiftKey'>, key: string): boolean {
  return binding.mod === (event.metaKey || event.ctrlKey) && (binding.shift === 'any' || binding.shift === event.shiftKey) && binding.keys.includes(key);
}

/** How a binding is written in titles and hints: 'Ctrl/⌘+Shift+Z', 'H'. */
export function bindingHint(binding: KeyBinding): string {
  const key = binding.keys[0] ?? '';
  return [binding.mod && 'Ctrl/⌘', binding.shift === true && 'Shift', key.toUpperCase()].filter(Boolean).join('+');
}
