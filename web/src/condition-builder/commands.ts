import { commandForKey, commandsById, type EditorCommand, type KeyEventLike } from '@console/shared';
import type { EditorAction } from './editor-state';

/**
 * The condition builder's commands (editor kit): shortcuts and button titles come from here; the
 * kit's key matching (ABNT2 rules, nothing while typing, nothing with Alt) is the layout editor's.
 */
export type ConditionCommandId = 'undo' | 'redo';

export const CONDITION_COMMANDS: readonly EditorCommand<ConditionCommandId>[] = [
  { id: 'undo', label: 'Desfazer', bindings: [{ mod: true, shift: false, keys: ['z'] }] },
  {
    id: 'redo',
    label: 'Refazer',
    bindings: [
      { mod: true, shift: true, keys: ['z'] },
      { mod: true, shift: false, keys: ['y'] },
    ],
  },
];

export const CONDITION_COMMANDS_BY_ID = commandsById(CONDITION_COMMANDS);

/** What each command does. */
export const COMMAND_ACTIONS: Readonly<Record<ConditionCommandId, EditorAction>> = {
  undo: { type: 'undo' },
  redo: { type: 'redo' },
};

/** The action of a key press, or null (ignored while text is being edited: the input's own undo applies there). */
export function actionForKey(event: KeyEventLike): EditorAction | null {
  const command = commandForKey(CONDITION_COMMANDS, event);
  return command ? COMMAND_ACTIONS[command.id] : null;
}
