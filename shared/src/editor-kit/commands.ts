import { bindingHint, bindingMatches, isTypingTarget, matchedKey, type KeyBinding, type KeyEventLike } from './keys.js';

/**
 * An editor command (tldraw's actions): its id, its label, its key bindings. Shortcuts, toolbar
 * titles and hints are all derived from this one list, so a binding is written once.
 */
export interface EditorCommand<Id extends string = string> {
  readonly id: Id;
  /** The Portuguese label (the toolbar button's text or tooltip). */
  readonly label: string;
  /** The first binding is the one hints show. */
  readonly bindings: readonly KeyBinding[];
}

/**
 * The command a key event triggers, or null: none while typing, none with Alt (AltGr on Windows
 * is Ctrl+Alt and types characters on ABNT2), and none when two commands would match.
 */
export function commandForKey<C extends EditorCommand>(commands: readonly C[], event: KeyEventLike): C | null {
  if (isTypingTarget(event.target) || event.altKey) return null;
  const key = matchedKey(event);
  if (key === null) return null;
  const matches = commands.filter((c) => c.bindings.some((b) => bindingMatches(b, event, key)));
  return matches.length === 1 ? matches[0]! : null;
}

/** The command's shortcut as written in hints ('Ctrl/⌘+Z'), or '' without a binding. */
export function commandHint(command: EditorCommand): string {
  return command.bindings[0] ? bindingHint(command.bindings[0]) : '';
}

/** A button's title: 'Desfazer (Ctrl/⌘+Z)'. */
export function commandTitle(command: EditorCommand): string {
  const hint = commandHint(command);
  return hint ? `${command.label} (${hint})` : command.label;
}

/** Commands by id, for toolbars that look one up. */
export function commandsById<C extends EditorCommand>(commands: readonly C[]): Readonly<Record<C['id'], C>> {
  return Object.fromEntries(commands.map((c) => [c.id, c])) as Record<C['id'], C>;
}
