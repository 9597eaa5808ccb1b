import { describe, expect, it } from 'vitest';
import { writeConditionSql, type ConditionNode } from '@console/shared';
import { editorReducer, hasEditsToSend, initialEditorState, type EditorAction, type EditorState } from './editor-state';

const cmp = (field: string, value: string): ConditionNode => ({
  type: '=',
  params: [
    { type: 'field', value: field },
    { type: 'string', value },
  ],
});

function replay(actions: [EditorAction, number?][], start: ConditionNode | null = cmp('brand', 'Mor')): EditorState {
  return actions.reduce((s, [a, at]) => editorReducer(s, a, at ?? 0), initialEditorState(start));
}
const sql = (s: EditorState) => (s.tree ? writeConditionSql(s.tree) : '');

describe('condition editor actions and history', () => {
  it('builds AND of a section equality and a price range, step by step', () => {
    const s = replay([
      [{ type: 'set-tree', tree: cmp('section', 'panelas') }],
      [
        {
          type: 'wrap',
          path: [],
          wrapper: 'AND',
          extra: [
            {
              type: 'BETWEEN',
              params: [
                { type: 'field', value: 'Price' },
                { type: 'numeric', value: 100 },
                { type: 'numeric', value: 300 },
              ],
            },
          ],
        },
      ],
    ]);
    expect(sql(s)).toBe("section = 'panelas' AND Price BETWEEN 100 AND 300");
    expect(s.history.past).toHaveLength(2);
  });

  it('typing in one input is one undo step; undo and redo walk the history', () => {
    let s = replay([
      [{ type: 'replace', path: [1], node: { type: 'string', value: 'M' }, coalesce: '1' }, 0],
      [{ type: 'replace', path: [1], node: { type: 'string', value: 'Mu' }, coalesce: '1' }, 200],
      [{ type: 'replace', path: [1], node: { type: 'string', value: 'Mun' }, coalesce: '1' }, 400],
    ]);
    expect(sql(s)).toBe("brand = 'Mun'");
    expect(s.history.past).toHaveLength(1);
    s = editorReducer(s, { type: 'undo' });
    expect(sql(s)).toBe("brand = 'Mor'");
    s = editorReducer(s, { type: 'redo' });
    expect(sql(s)).toBe("brand = 'Mun'");
  });

  it('a pause starts a new undo step', () => {
    const s = replay([
      [{ type: 'replace', path: [1], node: { type: 'string', value: 'A' }, coalesce: '1' }, 0],
      [{ type: 'replace', path: [1], node: { type: 'string', value: 'AB' }, coalesce: '1' }, 5000],
    ]);
    expect(s.history.past).toHaveLength(2);
  });

  it('a new edit clears redo; a value stored elsewhere does not enter the history', () => {
    let s = replay([[{ type: 'replace', path: [1], node: { type: 'string', value: 'X' } }]]);
    s = editorReducer(s, { type: 'undo' });
    s = editorReducer(s, { type: 'remote', stored: cmp('brand', 'Remoto') });
    expect(s.history.past).toHaveLength(0);
    s = editorReducer(s, { type: 'replace', path: [1], node: { type: 'string', value: 'Y' } });
    expect(s.history.future).toHaveLength(0);
    expect(sql(editorReducer(s, { type: 'undo' }))).toBe("brand = 'Remoto'");
  });

  it('removing from an AND of two is refused (the button is not shown); of three, allowed', () => {
    const two: ConditionNode = { type: 'AND', params: [cmp('a', '1'), cmp('b', '2')] };
    expect(() => replay([[{ type: 'remove', path: [0] }]], two)).toThrow();
    const three = replay(
      [
        [{ type: 'add', parentPath: [], node: cmp('c', '3') }, 0],
        [{ type: 'remove', path: [0] }, 0],
      ],
      two,
    );
    expect(sql(three)).toBe("b = '2' AND c = '3'");
  });
});

describe('stored trees in another shape (issue 30)', () => {
  const or = (...params: ConditionNode[]): ConditionNode => ({ type: 'OR', params });
  const and = (...params: ConditionNode[]): ConditionNode => ({ type: 'AND', params });
  const [a, b, c, d] = [cmp('brand', 'a'), cmp('brand', 'b'), cmp('brand', 'c'), cmp('brand', 'd')];

  it('opening or receiving one is no edit: shown reduced, nothing to send, no conflict', () => {
    const opened = initialEditorState(or(a, or(b, and(c))));
    expect(opened.tree).toEqual(or(a, b, c));
    expect(hasEditsToSend(opened)).toBe(false);
    // The same tree stored again (the trigger's normal form), then someone else's tree in another shape.
    let s = editorReducer(opened, { type: 'remote', stored: or(a, b, c) });
    s = editorReducer(s, { type: 'remote', stored: and(or(d), and(a, b)) });
    expect(s.tree).toEqual(and(d, a, b));
    expect(s.revision).toBe(0);
    expect(s.conflicts).toEqual([]);
    expect(hasEditsToSend(s)).toBe(false);
  });

  it('an edit made on the reduced tree merges with a later save in another shape without a conflict', () => {
    let s = editorReducer(initialEditorState(or(a, or(b))), { type: 'replace', path: [0], node: d });
    s = editorReducer(s, { type: 'sent', tree: s.tree });
    s = editorReducer(s, { type: 'remote', stored: or(or(a), or(c)) });
    expect(s.tree).toEqual(or(d, c));
    expect(s.conflicts).toEqual([]);
    expect(hasEditsToSend(s)).toBe(true);
  });

  it('an edit undone before anything was sent leaves nothing to send', () => {
    let s = editorReducer(initialEditorState(or(a, or(b, c))), { type: 'replace', path: [0], node: d });
    expect(hasEditsToSend(s)).toBe(true);
    s = editorReducer(s, { type: 'undo' });
    expect(hasEditsToSend(s)).toBe(false);
  });
});
