/**
 * List operations of the array widgets (array_field, array_struct, array_struct_multiple, content
 * blocks): pure, so the widgets and their stable React keys move in step.
 */

/** The stored list, or null when the stored value is not a list (shown read-only, never rewritten). */
export function listItems(value: unknown): unknown[] | null {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : null;
}

/** The list with the item at `from` moved by `offset` places; a move past either end changes nothing. */
export function moveItem<T>(list: readonly T[], from: number, offset: number): T[] {
  const to = from + offset;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || offset === 0) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index);
}

export function replaceItem<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((current, i) => (i === index ? item : current));
}
