import { useRef } from 'react';
import type { ConditionNode } from '@console/shared';

let next = 0;

/**
 * Keys for the operands of one node (React keys and drag ids) that follow each operand: an operand
 * that moved is the same object, so it keeps its key; an operand replaced in place (an edit makes a
 * new object) keeps the key of the one it replaced, so its inputs keep their focus.
 */
export function nextOperandKeys(previous: { params: readonly ConditionNode[]; keys: string[] } | null, params: readonly ConditionNode[]): string[] {
  const keys: (string | undefined)[] = params.map(() => undefined);
  const used = new Set<string>();
  const take = (i: number, key: string) => {
    keys[i] = key;
    used.add(key);
  };
  // An operand still in its place keeps its key. Checked first, so that one object filling several
  // slots (a tree built in code can share a node) keeps each slot's key through an edit elsewhere.
  params.forEach((p, i) => {
    if (previous && previous.params[i] === p) take(i, previous.keys[i]!);
  });
  // A moved operand is the same object somewhere else: it takes that key.
  const byNode = new Map<ConditionNode, string[]>();
  previous?.params.forEach((p, i) => byNode.set(p, [...(byNode.get(p) ?? []), previous.keys[i]!]));
  params.forEach((p, i) => {
    const key = keys[i] === undefined ? byNode.get(p)?.find((k) => !used.has(k)) : undefined;
    if (key !== undefined) take(i, key);
  });
  // What is left is new or replaced in place (an edit makes a new object): the key of the slot if
  // its old operand is gone, else a new one.
  params.forEach((_, i) => {
    if (keys[i] !== undefined) return;
    const inPlace = previous?.keys[i];
    take(i, inPlace !== undefined && !used.has(inPlace) ? inPlace : `n${next++}`);
  });
  return keys as string[];
}

export function useOperandKeys(params: readonly ConditionNode[]): string[] {
  const ref = useRef<{ params: readonly ConditionNode[]; keys: string[] } | null>(null);
  if (ref.current?.params !== params) {
    const keys = nextOperandKeys(ref.current, params);
    // The same keys keep the same array, so dnd-kit's sortable context does not change.
    const same = ref.current && keys.length === ref.current.keys.length && keys.every((k, i) => k === ref.current!.keys[i]);
    ref.current = { params, keys: same ? ref.current!.keys : keys };
  }
  return ref.current.keys;
}
