import type { EditorAction } from './editor-state';

/** The editor's keyboard commands: each with its label and shortcut; one dispatcher binds them. */
export interface EditorCommand {
  label: string;
  /** `mod` is Ctrl (Cmd on a Mac). */
  shortcut: string;
  action: EditorAction;
}

export const EDITOR_COMMANDS: EditorCommand[] = [
  { label: 'Desfazer', shortcut: 'mod+z', action: { type: 'undo' } },
  { label: 'Refazer', shortcut: 'mod+shift+z', action: { type: 'redo' } },
  { label: 'Refazer', shortcut: 'mod+y', action: { type: 'redo' } },
];

function shortcutOf(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'key'>): string {
  return [(e.ctrlKey || e.metaKey) && 'mod', e.altKey && 'alt', e.shiftKey && 'shift', e.key.toLowerCase()].filter(Boolean).join('+');
}

/**
 * The command of a key press, or null. Ignored while text is being edited (the input's own undo
 * applies there).
 */
export function commandForKey(e: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'key' | 'target'>): EditorCommand | null {
  const target = e.target as HTMLElement | null;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return null;
  const key = shortcutOf(e);
  const matches = EDITOR_COMMANDS.filter((c) => c.shortcut === key);
  return matches.length >= 1 && matches.every((m) => m.action.type === matches[0]!.action.type) ? matches[0]! : null;
}
