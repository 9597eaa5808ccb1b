import { commandForKey, commandsById, type EditorCommand } from '../editor-kit/commands.js';
import { isTypingTarget, type KeyBinding, type KeyEventLike } from '../editor-kit/keys.js';

/**
 * The layout editor's shortcuts (document 1 screen 6) as commands of the editor kit, which matches
 * the produced key before the physical one (the ABNT2 rules, editor-kit/keys.ts).
 */
export type LayoutShortcut = 'copy' | 'paste' | 'hideTools' | 'zoomOut' | 'zoomReset' | 'zoomIn' | 'undo' | 'redo' | 'handTool' | 'selectTool' | 'toggleMobile';

/** A layout command: its shortcut id, label and bindings (editor-kit/commands.ts). */
export type LayoutCommand = EditorCommand<LayoutShortcut>;

const mod = (keys: string[], shift: boolean | 'any' = false): KeyBinding => ({ mod: true, shift, keys });
const plain = (key: string): KeyBinding => ({ mod: false, shift: false, keys: [key] });

/** The table of document 1 screen 6: shortcuts, toolbar titles and hints all come from here. */
export const LAYOUT_COMMANDS: readonly LayoutCommand[] = [
  { id: 'copy', label: 'Copiar', bindings: [mod(['c'])] },
  { id: 'paste', label: 'Colar', bindings: [mod(['v'])] },
  { id: 'hideTools', label: 'Ocultar ferramentas', bindings: [mod(['\\'], 'any')] },
  { id: 'zoomOut', label: 'Diminuir zoom', bindings: [mod(['-'], 'any')] },
  { id: 'zoomReset', label: 'Redefinir zoom', bindings: [mod(['0'])] },
  { id: 'zoomIn', label: 'Aumentar zoom', bindings: [mod(['=', '+'], 'any')] },
  { id: 'undo', label: 'Desfazer', bindings: [mod(['z'])] },
  { id: 'redo', label: 'Refazer', bindings: [mod(['z'], true)] },
  { id: 'handTool', label: 'Mão (arrastar para mover)', bindings: [plain('h')] },
  { id: 'selectTool', label: 'Selecionar', bindings: [plain('v')] },
  { id: 'toggleMobile', label: 'Celular', bindings: [plain('m')] },
];

export const LAYOUT_COMMANDS_BY_ID = commandsById(LAYOUT_COMMANDS);

/**
 * The shortcut an event triggers, or null: none while typing, none with Alt (AltGr on Windows is
 * Ctrl+Alt and types characters on ABNT2), and none when two bindings would match.
 */
export function shortcutFor(event: KeyEventLike): LayoutShortcut | null {
  return commandForKey(LAYOUT_COMMANDS, event)?.id ?? null;
}

/** Space held is a temporary hand tool (as in tldraw and Excalidraw). */
export function isTemporaryHandKey(event: Pick<KeyEventLike, 'key' | 'code' | 'target' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  return (event.key === ' ' || event.code === 'Space') && !event.ctrlKey && !event.metaKey && !event.altKey && !isTypingTarget(event.target);
}
