import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffJson, jsonValueAt as valueAt, type ConditionNode, type JsonChange } from '@console/shared';
import { editorReducer, initialEditorState, type EditorAction, type EditorState } from './editor-state';

/**
 * Two people editing one condition tree (issue 22, proof): random interleavings of their edits,
 * each saved and received the way the form does it, converge to one stored tree that keeps every
 * edit that did not touch a place the other changed; undo after someone else's save keeps it.
 */
const cmp = (field: string, value: string): ConditionNode => ({
  type: '=',
  params: [
    { type: 'field', value: field },
    { type: 'string', value },
  ],
});
const BASE: ConditionNode = { type: 'AND', params: [cmp('brand', 'Mor'), cmp('section', 'panelas'), cmp('ProductLine', 'Inox'), cmp('tag', 'novo')] };

/** An edit on the tree as the editor sees it (paths into BASE's shape; an edit that does not fit is skipped). */
const edit: fc.Arbitrary<EditorAction> = fc.oneof(
  fc
    .record({ i: fc.integer({ min: 0, max: 3 }), v: fc.constantFrom('A', 'B', 'C', 'D') })
    .map(({ i, v }) => ({ type: 'replace', path: [i, 1], node: { type: 'string', value: v } }) as EditorAction),
  fc
    .record({ i: fc.integer({ min: 0, max: 3 }), f: fc.constantFrom('Price', 'name') })
    .map(({ i, f }) => ({ type: 'replace', path: [i, 0], node: { type: 'field', value: f } }) as EditorAction),
  fc.constantFrom('x', 'y').map((v) => ({ type: 'add', parentPath: [], node: cmp('extra', v) }) as EditorAction),
  fc.integer({ min: 0, max: 3 }).map((i) => ({ type: 'remove', path: [i] }) as EditorAction),
);

function apply(state: EditorState, action: EditorAction): EditorState {
  try {
    return editorReducer(state, action, 0);
  } catch {
    return state; // an edit that does not fit the tree as it is (the UI would not offer it)
  }
}

/** The editor sends its tree (the form saves it) and returns what the store now holds. */
function save(state: EditorState): { state: EditorState; stored: ConditionNode | null } {
  return { state: editorReducer(state, { type: 'sent', tree: state.tree }), stored: state.tree };
}

const overlaps = (a: readonly JsonChange[], b: readonly JsonChange[]) =>
  a.some((x) => b.some((y) => x.path.slice(0, y.path.length).join('.') === y.path.join('.') || y.path.slice(0, x.path.length).join('.') === x.path.join('.')));

describe('two editors on one condition', () => {
  it('converge to one stored tree keeping every edit that does not touch a place the other changed', () => {
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 4 }), fc.array(edit, { maxLength: 4 }), (editsA, editsB) => {
        let a = initialEditorState(BASE);
        let b = initialEditorState(BASE);
        a = editsA.reduce(apply, a);
        b = editsB.reduce(apply, b);
        const mineA = diffJson(BASE, a.tree);
        const mineB = diffJson(BASE, b.tree);
        // A saves first; B receives A's save (merging its own edits) and saves; A receives B's save.
        let stored: ConditionNode | null;
        ({ state: a, stored } = save(a));
        a = editorReducer(a, { type: 'remote', stored }, 0);
        b = editorReducer(b, { type: 'remote', stored }, 0);
        ({ state: b, stored } = save(b));
        a = editorReducer(a, { type: 'remote', stored }, 0);
        b = editorReducer(b, { type: 'remote', stored }, 0);
        expect(a.tree).toEqual(stored);
        expect(b.tree).toEqual(stored);
        if (!overlaps(mineA, mineB)) {
          // Nothing in common: both people's edits are all in the stored tree, and nobody was told of a conflict.
          expect(b.conflicts).toEqual([]);
          for (const change of [...mineA, ...mineB]) expect(valueAt(stored, change.path)).toEqual(change.after);
        } else if (b.conflicts.length > 0) {
          // A true conflict keeps the stored (A's) value and is shown to B, never applied silently.
          for (const change of b.conflicts) expect(valueAt(stored, change.path)).not.toEqual(change.after);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('undo after someone else saved takes back only one’s own edit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), (mine, theirs) => {
        fc.pre(mine !== theirs);
        let a = initialEditorState(BASE);
        a = editorReducer(a, { type: 'replace', path: [mine, 1], node: { type: 'string', value: 'meu' } }, 0);
        a = editorReducer(a, { type: 'sent', tree: a.tree }, 0);
        // B's save, built on A's: B changed another comparison.
        const bTree = structuredClone(a.tree) as ConditionNode & { params: ConditionNode[] };
        (bTree.params[theirs] as { params: ConditionNode[] }).params[1] = { type: 'string', value: 'dele' };
        a = editorReducer(a, { type: 'remote', stored: bTree }, 0);
        a = editorReducer(a, { type: 'undo' }, 0);
        expect(valueAt(a.tree, ['params', mine, 'params', 1])).toEqual(valueAt(BASE, ['params', mine, 'params', 1]));
        expect(valueAt(a.tree, ['params', theirs, 'params', 1])).toEqual({ type: 'string', value: 'dele' });
      }),
    );
  });

  it('a late echo of one’s own earlier value does not take back what was typed since', () => {
    let a = initialEditorState(BASE);
    a = editorReducer(a, { type: 'replace', path: [0, 1], node: { type: 'string', value: 'M' }, coalesce: 'k' }, 0);
    const first = a.tree;
    a = editorReducer(a, { type: 'sent', tree: first }, 0);
    a = editorReducer(a, { type: 'replace', path: [0, 1], node: { type: 'string', value: 'Mu' }, coalesce: 'k' }, 100);
    a = editorReducer(a, { type: 'sent', tree: a.tree }, 100);
    // The form hands back the first value after the second keystroke.
    a = editorReducer(a, { type: 'remote', stored: structuredClone(first) }, 200);
    expect(valueAt(a.tree, ['params', 0, 'params', 1])).toEqual({ type: 'string', value: 'Mu' });
    expect(a.conflicts).toEqual([]);
  });
});
