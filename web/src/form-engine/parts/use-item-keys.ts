import { useRef } from 'react';
import { moveItem, removeItem } from '../values/list-items';

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

/**
 * Stable React keys for the items of a stored list: moved and removed together with the items,
 * so an item's widgets (typed text, caret) follow it when the list is reordered.
 */
export function useItemKeys(count: number) {
  const keys = useRef<string[]>([]);
  // A list changed from outside (another tab, a reload) only has its length to go by.
  if (keys.current.length !== count) {
    keys.current = Array.from({ length: count }, (_, i) => keys.current[i] ?? newKey());
  }
  return {
    keys: keys.current,
    move(from: number, offset: number) {
      keys.current = moveItem(keys.current, from, offset);
    },
    remove(index: number) {
      keys.current = removeItem(keys.current, index);
    },
    append() {
      keys.current = [...keys.current, newKey()];
    },
  };
}
