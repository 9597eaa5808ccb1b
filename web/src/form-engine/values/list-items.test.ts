import { describe, expect, it } from 'vitest';
import { listItems, moveItem, removeItem, replaceItem } from './list-items';

describe('list items', () => {
  it('reads a missing list as empty and refuses anything that is not a list', () => {
    expect(listItems(undefined)).toEqual([]);
    expect(listItems(null)).toEqual([]);
    expect(listItems(['a'])).toEqual(['a']);
    expect(listItems('a')).toBeNull();
    expect(listItems({ 0: 'a' })).toBeNull();
  });

  it('moves an item up or down one place', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
  });

  it('leaves the list as it is when a move would leave it', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 5, -1)).toEqual(['a', 'b']);
  });

  it('removes and replaces by position without touching the original', () => {
    const list = [{ q: 'a' }, { q: 'b' }, { q: 'c' }];
    expect(removeItem(list, 1)).toEqual([{ q: 'a' }, { q: 'c' }]);
    expect(removeItem(list, 9)).toEqual(list);
    expect(replaceItem(list, 2, { q: 'z' })).toEqual([{ q: 'a' }, { q: 'b' }, { q: 'z' }]);
    expect(list).toEqual([{ q: 'a' }, { q: 'b' }, { q: 'c' }]);
  });
});
