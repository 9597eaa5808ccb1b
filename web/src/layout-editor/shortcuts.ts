import { useEffect } from 'react';
import {
  commandHint,
  copyToClipboardText,
  isTemporaryHandKey,
  isTypingTarget,
  LAYOUT_COMMANDS,
  parseClipboardText,
  shortcutFor,
  type LayoutShortcut,
} from '@console/shared';
import type { LayoutAction } from './actions';
import { currentSelection, currentTree } from './reducer';
import type { LayoutEditorStore } from './store';

/**
 * What each shortcut does (tldraw/Excalidraw: an action carries its shortcut). Copy and paste are
 * done in the browser's copy and paste events, which Cmd/Ctrl+C and +V fire: they reach the system
 * clipboard without asking for a permission, so a node copied here pastes in another document or tab.
 */
export const SHORTCUT_ACTIONS: Readonly<Record<Exclude<LayoutShortcut, 'copy' | 'paste'>, LayoutAction>> = {
  hideTools: { type: 'toggleTools' },
  zoomOut: { type: 'zoomOut' },
  zoomReset: { type: 'zoomReset' },
  zoomIn: { type: 'zoomIn' },
  undo: { type: 'undo' },
  redo: { type: 'redo' },
  handTool: { type: 'setTool', tool: 'hand' },
  selectTool: { type: 'setTool', tool: 'select' },
  toggleMobile: { type: 'toggleMobile' },
};

/** How the toolbar and the drawer write each shortcut: derived from the commands (editor kit). */
export const SHORTCUT_HINTS: Readonly<Record<LayoutShortcut, string>> = Object.fromEntries(
  LAYOUT_COMMANDS.map((command) => [command.id, commandHint(command)]),
) as Record<LayoutShortcut, string>;

/** The drawer header's reminder of the shortcuts without a toolbar button. */
export const SHORTCUT_REMINDER = `${SHORTCUT_HINTS.copy}, ${SHORTCUT_HINTS.paste} · ${SHORTCUT_HINTS.handTool} mão · ${SHORTCUT_HINTS.selectTool} selecionar · ${SHORTCUT_HINTS.toggleMobile} celular`;

/** The target of a clipboard event: where the caret is when the event fired on the document. */
const typingNow = (event: Event) => isTypingTarget(event.target) || isTypingTarget(document.activeElement);

/**
 * The one dispatcher of the editor's shortcuts, bound while the editor is open. Nothing fires while
 * the operator types in an input, text area, select or contentEditable (the pure keymap decides).
 * Refused pastes are told with the spec's alerts.
 */
export function useLayoutShortcuts(store: LayoutEditorStore, alert: (message: string) => void = (m) => window.alert(m)) {
  useEffect(() => {
    function keyDown(event: KeyboardEvent) {
      if (event.defaultPrevented) return;
      if (isTemporaryHandKey(event)) {
        // Space would also press a focused button or scroll: it is the hand here.
        event.preventDefault();
        if (!event.repeat) store.dispatch({ type: 'temporaryHand', held: true });
        return;
      }
      const shortcut = shortcutFor(event);
      if (shortcut === null || shortcut === 'copy' || shortcut === 'paste') return;
      event.preventDefault();
      store.dispatch(SHORTCUT_ACTIONS[shortcut]);
    }
    function keyUp(event: KeyboardEvent) {
      if (event.key === ' ' || event.code === 'Space') store.dispatch({ type: 'temporaryHand', held: false });
    }
    function release() {
      store.dispatch({ type: 'temporaryHand', held: false });
    }
    function copy(event: ClipboardEvent) {
      if (typingNow(event) || !event.clipboardData) return;
      const state = store.getState();
      const selected = currentSelection(state);
      if (!selected) return;
      event.preventDefault();
      event.clipboardData.setData('text/plain', copyToClipboardText(currentTree(state), selected));
    }
    function paste(event: ClipboardEvent) {
      if (typingNow(event) || !event.clipboardData) return;
      event.preventDefault();
      const parsed = parseClipboardText(event.clipboardData.getData('text/plain'));
      const error = parsed.ok ? store.dispatch({ type: 'paste', nodes: parsed.value }) : parsed.error;
      if (error) alert(error.message);
    }
    window.addEventListener('keydown', keyDown);
    window.addEventListener('keyup', keyUp);
    window.addEventListener('blur', release);
    document.addEventListener('copy', copy);
    document.addEventListener('paste', paste);
    return () => {
      window.removeEventListener('keydown', keyDown);
      window.removeEventListener('keyup', keyUp);
      window.removeEventListener('blur', release);
      document.removeEventListener('copy', copy);
      document.removeEventListener('paste', paste);
    };
  }, [store, alert]);
}
