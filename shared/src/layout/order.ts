import { generateNKeysBetween } from 'fractional-indexing';

/**
 * Sibling order as fractional indexes (`fractional-indexing`, the scheme Figma and Replicache
 * use): a node placed between two siblings gets a key between theirs, so placing it writes that
 * node's key only. Children sort by (order, id); two editors placing a node in the same gap at
 * once may make equal keys, and the id settles it the same way everywhere.
 */
export function childOrderKeys(count: number): string[] {
  return generateNKeysBetween(null, null, count);
}

export const compareOrder = (a: { order: string; id: string }, b: { order: string; id: string }): number =>
  a.order < b.order ? -1 : a.order > b.order ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;

/**
 * `count` keys for nodes placed at `index` among `siblings` (their order keys, sorted): between
 * the key before and the next greater key after (equal keys are skipped, so the new keys always
 * exist; the nodes then land just after the tied siblings).
 */
export function orderKeysAt(siblings: readonly string[], index: number, count: number): string[] {
  const at = Math.min(Math.max(index, 0), siblings.length);
  const before = at > 0 ? siblings[at - 1]! : null;
  let after: string | null = null;
  for (let i = at; i < siblings.length; i++) {
    if (before === null || siblings[i]! > before) {
      after = siblings[i]!;
      break;
    }
  }
  if (before !== null && after !== null && !(after > before)) after = null;
  return generateNKeysBetween(before, after, count);
}
