import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LAYOUT_COMMANDS } from '../layout/keymap.js';
import { commandForKey, commandTitle } from './commands.js';
import { createEditorHistory, interceptHistory, recordHistoryStep, undoHistoryStep, type EditorHistory, HistoryKindError } from './history.js';
import { applyJsonChanges, diffJson, inverseJsonChanges, jsonEqual, mergeJson } from './json-changes.js';
import { isTypingTarget, type KeyEventLike } from './keys.js';
import { createStoredValueSync, receiveStoredValue, sentValue } from './value-sync.js';

const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(null, true, false, 0, 1, 'a', 'b', ''),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'params', 'type'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

describe('JSON changes', () => {
  it('diff then apply turns a into b; the inverse turns it back', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        const changes = diffJson(a, b);
        const forward = applyJsonChanges(a, changes);
        expect(forward.refused).toEqual([]);
        expect(jsonEqual(forward.value, b)).toBe(true);
        expect(jsonEqual(applyJsonChanges(forward.value, inverseJsonChanges(changes)).value, a)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('a merge with no change of mine is theirs; with no change of theirs is mine', () => {
    fc.assert(
      fc.property(json, json, (base, other) => {
        expect(jsonEqual(mergeJson(base, base, other).value, other)).toBe(true);
        const mine = mergeJson(base, other, base);
        expect(jsonEqual(mine.value, other)).toBe(true);
        expect(mine.conflicts).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('a place both changed differently is a conflict: theirs stays', () => {
    const merged = mergeJson({ a: 1, b: 1 }, { a: 2, b: 1 }, { a: 3, b: 5 });
    expect(merged.value).toEqual({ a: 3, b: 5 });
    expect(merged.conflicts).toEqual([{ path: ['a'], before: 1, after: 2 }]);
  });

  it('key order does not make two values different', () => {
    expect(jsonEqual({ type: '=', params: [] }, { params: [], type: '=' })).toBe(true);
  });
});

describe('stored value sync', () => {
  it('recognises its own echo by value however late, and merges another person’s save', () => {
    let sync = createStoredValueSync({ a: 1, b: 1 });
    sync = sentValue(sync, { a: 2, b: 1 });
    sync = sentValue(sync, { a: 3, b: 1 });
    const echo = receiveStoredValue(sync, { b: 1, a: 2 }, { a: 3, b: 1 });
    expect(echo).toMatchObject({ echo: true, value: { a: 3, b: 1 } });
    const other = receiveStoredValue(echo.sync, { a: 2, b: 9 }, { a: 3, b: 1 });
    expect(other).toMatchObject({ echo: false, value: { a: 3, b: 9 }, conflicts: [] });
  });
});

const key = (over: Partial<KeyEventLike>): KeyEventLike => ({ key: '', code: '', ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...over });
/** The layout editor's table (document 1 screen 6) exercises the kit's matching. */
const COMMANDS = LAYOUT_COMMANDS;

describe('commands', () => {
  it('match the produced key first (ABNT2), never while typing or with Alt (AltGr)', () => {
    expect(commandForKey(COMMANDS, key({ key: 'z', code: 'KeyZ', ctrlKey: true }))?.id).toBe('undo');
    expect(commandForKey(COMMANDS, key({ key: 'Z', code: 'KeyZ', metaKey: true, shiftKey: true }))?.id).toBe('redo');
    expect(commandForKey(COMMANDS, key({ key: 'h', code: 'KeyH' }))?.id).toBe('handTool');
    // ABNT2: '\' is left of Z (IntlBackslash); the key at US '\' types ']'.
    expect(commandForKey(COMMANDS, key({ key: '\\', code: 'IntlBackslash', ctrlKey: true }))?.id).toBe('hideTools');
    expect(commandForKey(COMMANDS, key({ key: ']', code: 'Backslash', ctrlKey: true }))).toBeNull();
    expect(commandForKey(COMMANDS, key({ key: 'Dead', code: 'Backslash', ctrlKey: true }))?.id).toBe('hideTools');
    expect(commandForKey(COMMANDS, key({ key: 'z', code: 'KeyZ', ctrlKey: true, altKey: true }))).toBeNull();
    expect(commandForKey(COMMANDS, key({ key: 'z', code: 'KeyZ', ctrlKey: true, target: { tagName: 'input' } }))).toBeNull();
    expect(isTypingTarget({ tagName: 'DIV', isContentEditable: true })).toBe(true);
  });

  it('give titles from the same bindings', () => {
    const titles = Object.fromEntries(COMMANDS.map((c) => [c.id, commandTitle(c)]));
    expect(titles).toMatchObject({
      undo: 'Desfazer (Ctrl/⌘+Z)',
      redo: 'Refazer (Ctrl/⌘+Shift+Z)',
      hideTools: 'Ocultar ferramentas (Ctrl/⌘+\\)',
      handTool: 'Mão (arrastar para mover) (H)',
    });
  });
});

describe('history kinds, enforced in one place', () => {
  type Action = { type: 'edit'; value: number } | { type: 'select' } | { type: 'undo' };
  interface State {
    value: number;
    history: EditorHistory<{ from: number; to: number }>;
  }
  const kinds = { edit: 'record', select: 'none', undo: 'history' } as const;
  const honest = (s: State, a: Action): State =>
    a.type === 'edit'
      ? { value: a.value, history: recordHistoryStep(s.history, { from: s.value, to: a.value }, { limit: 10 }) }
      : a.type === 'undo'
        ? ((m) => (m ? { value: m.doc, history: m.history } : s))(undoHistoryStep(s.history, s.value, (_, step) => step.from))
        : s;
  const start: State = { value: 0, history: createEditorHistory() };

  it('lets record and history actions through', () => {
    const reduce = interceptHistory<State, Action, { from: number; to: number }, State>(
      kinds,
      (s) => s.history,
      (s) => s,
      honest,
    );
    const edited = reduce(reduce(start, { type: 'edit', value: 5 }), { type: 'select' });
    expect(reduce(edited, { type: 'undo' }).value).toBe(0);
  });

  it('throws when an action that is not a step records one', () => {
    const sneaky = (s: State, a: Action): State => (a.type === 'select' ? honest(s, { type: 'edit', value: 9 }) : honest(s, a));
    const reduce = interceptHistory<State, Action, { from: number; to: number }, State>(
      kinds,
      (s) => s.history,
      (s) => s,
      sneaky,
    );
    expect(() => reduce(start, { type: 'select' })).toThrow(HistoryKindError);
  });
});
