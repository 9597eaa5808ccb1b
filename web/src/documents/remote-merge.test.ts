import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase/firestore';
import { mergeRemote, resolveConflict, sameValue, type MergeState } from './remote-merge';

const state = (over: Partial<MergeState> = {}): MergeState => ({
  remote: { title: 'Sobre', slug: 'sobre', order: 1 },
  values: { title: 'Sobre', slug: 'sobre', order: 1 },
  edited: [],
  written: {},
  conflicts: {},
  ...over,
});

describe('comparing stored values', () => {
  it('compares nested objects and lists by content, and timestamps by instant', () => {
    expect(sameValue({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameValue({ a: [1, { b: 'x' }] }, { a: [1, { b: 'y' }] })).toBe(false);
    expect(sameValue(new Timestamp(10, 5), new Timestamp(10, 5))).toBe(true);
    expect(sameValue(new Timestamp(10, 5), new Timestamp(10, 6))).toBe(false);
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false);
  });

  it('takes a missing value and null for the same empty value', () => {
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue({ a: undefined }, {})).toBe(true);
    expect(sameValue(null, 0)).toBe(false);
  });
});

describe('merging a snapshot into the form', () => {
  it('updates the fields this user has not touched and keeps the edited ones', () => {
    const before = state({ values: { title: 'Meu título', slug: 'sobre', order: 1 }, edited: ['title'] });
    const after = mergeRemote(before, { title: 'Sobre', slug: 'sobre-nos', order: 2 });
    expect(after.values).toEqual({ title: 'Meu título', slug: 'sobre-nos', order: 2 });
    expect(after.remote.slug).toBe('sobre-nos');
    expect(after.conflicts).toEqual({});
  });

  it('removes keys deleted remotely unless edited here', () => {
    const after = mergeRemote(state({ values: { title: 'x', slug: 'sobre', order: 1 }, edited: ['title'] }), { order: 1 });
    expect(after.values).toEqual({ title: 'x', order: 1 });
  });

  it('shows a conflict when a field edited here was changed by someone else', () => {
    const before = state({ values: { title: 'Meu título', slug: 'sobre', order: 1 }, edited: ['title'] });
    const after = mergeRemote(before, { title: 'Título dela', slug: 'sobre', order: 1 });
    expect(after.values.title).toBe('Meu título');
    expect(after.conflicts).toEqual({ title: { remote: 'Título dela' } });
  });

  it('is no conflict when the other change reached the same value', () => {
    const before = state({ values: { title: 'Igual', slug: 'sobre', order: 1 }, edited: ['title'] });
    expect(mergeRemote(before, { title: 'Igual', slug: 'sobre', order: 1 }).conflicts).toEqual({});
  });

  it('takes the echo of this user’s own write for no one else’s change', () => {
    const before = state({ values: { title: 'abc', slug: 'sobre', order: 1 }, edited: ['title'], written: { title: ['ab'] } });
    const after = mergeRemote(before, { title: 'ab', slug: 'sobre', order: 1 });
    expect(after.conflicts).toEqual({});
    expect(after.values.title).toBe('abc');
    expect(after.written).toEqual({});
  });

  it('keeps an open conflict while the stored value does not move again', () => {
    const open = state({
      values: { title: 'meu', slug: 'sobre', order: 1 },
      remote: { title: 'dela', slug: 'sobre', order: 1 },
      edited: ['title'],
      conflicts: { title: { remote: 'dela' } },
    });
    expect(mergeRemote(open, { title: 'dela', slug: 'outro', order: 1 }).conflicts).toEqual({ title: { remote: 'dela' } });
    expect(mergeRemote(open, { title: 'de novo', slug: 'sobre', order: 1 }).conflicts).toEqual({ title: { remote: 'de novo' } });
  });
});

describe('settling a conflict', () => {
  const open = state({
    remote: { title: 'dela', slug: 'sobre', order: 1 },
    values: { title: 'meu', slug: 'sobre', order: 1 },
    edited: ['title'],
    conflicts: { title: { remote: 'dela' } },
  });

  it('uses the remote value and drops the edit', () => {
    const after = resolveConflict(open, 'title', 'remote');
    expect(after.values.title).toBe('dela');
    expect(after.edited).toEqual([]);
    expect(after.conflicts).toEqual({});
  });

  it('keeps the local value as an edit still to save', () => {
    const after = resolveConflict(open, 'title', 'mine');
    expect(after.values.title).toBe('meu');
    expect(after.edited).toEqual(['title']);
    expect(after.conflicts).toEqual({});
    expect(mergeRemote(after, { title: 'dela', slug: 'sobre', order: 1 }).conflicts).toEqual({});
  });
});
