import { describe, expect, it } from 'vitest';
import { fieldHashes, mergeDiff, movedFieldsSince, stableText, valueHash } from './field-diff.js';

const at = (ms: number) => ({ toMillis: () => ms });

describe('field diffs and pins', () => {
  it('diffs what a merge-write changes, maps leaf by leaf, skipped keys left out', () => {
    const stored = { name: 'A', order: 1, options: { markup: 1.2, manual: false, extra: true }, tags: ['a', 'b'], only: 'x', updatedAt: at(1) };
    const written = { name: 'A', order: 2, options: { markup: 1.3, manual: false }, tags: ['a'], updatedAt: at(2) };
    expect(mergeDiff(stored, written, new Set(['updatedAt']))).toEqual([
      { field: 'options.markup', from: 1.2, to: 1.3 },
      { field: 'order', from: 1, to: 2 },
      { field: 'tags', from: ['a', 'b'], to: ['a'] },
    ]);
    expect(mergeDiff(null, { name: 'x' })).toEqual([{ field: 'name', from: undefined, to: 'x' }]);
  });

  it('compares values whatever their key order or Timestamp class', () => {
    expect(stableText({ b: 1, a: at(5) })).toBe(stableText({ a: { toMillis: () => 5 }, b: 1 }));
    expect(valueHash({ b: 1, a: 2 })).toBe(valueHash({ a: 2, b: 1 }));
    expect(valueHash('a')).not.toBe(valueHash('b'));
  });

  it('names the fields that moved since they were seen, added or removed', () => {
    const seen = fieldHashes({ name: 'A', price: 10, gone: true });
    expect(movedFieldsSince(seen, { name: 'A', price: 11, added: 1 })).toEqual(['added', 'gone', 'price']);
    expect(movedFieldsSince(fieldHashes(null), null)).toEqual([]);
    expect(movedFieldsSince(fieldHashes(null), { name: 'A' })).toEqual(['name']);
  });
});
