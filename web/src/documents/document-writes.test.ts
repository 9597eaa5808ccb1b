import { describe, expect, it } from 'vitest';
import { FieldPath } from 'firebase/firestore';
import { changedFieldUpdates, idProblem, withoutUndefined } from './document-writes';

describe('document writes', () => {
  it('refuses ids with spaces, / or $ and the reserved ones', () => {
    expect(idProblem('minha categoria')).toBe('ID inválido (contém espaços, / ou $)');
    expect(idProblem('a/b')).toBe('ID inválido (contém espaços, / ou $)');
    expect(idProblem('r$1')).toBe('ID inválido (contém espaços, / ou $)');
    expect(idProblem('add')).not.toBeNull();
    expect(idProblem('__x__')).not.toBeNull();
    expect(idProblem('categoria-1')).toBeNull();
  });

  it('drops undefined values at any depth, keeping nulls', () => {
    expect(withoutUndefined({ a: undefined, b: null, c: { d: undefined, e: 1 }, f: [1, undefined] })).toEqual({
      b: null,
      c: { e: 1 },
      f: [1],
    });
  });

  it('updates only the edited keys, as literal field paths, plus updatedAt', () => {
    const args = changedFieldUpdates(['a.b', 'name'], { 'a.b': 1, name: 'x', untouched: 'y' });
    expect(args).toHaveLength(6);
    expect(args[0]).toEqual(new FieldPath('a.b'));
    expect(args[1]).toBe(1);
    expect(args[3]).toBe('x');
    expect(args[4]).toEqual(new FieldPath('updatedAt'));
  });
});
