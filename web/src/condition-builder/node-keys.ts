import { useRef } from 'react';
import type { ConditionNode } from '@console/shared';

let next = 0;

/**
 * Keys for the operands of one node (React keys and drag ids) that follow each operand: an operand
 * that moved is the same object, so it keeps its key; an operand replaced in place (an edit makes a
 * new object) keeps the key of the one it replaced, so its inputs keep their focus.
 */
export function nextOperandKeys(previous: { params: readonly ConditionNode[]; keys: string[] } | null, params: readonly ConditionNode[]): string[] {
  const byNode = new Map<ConditionNode, string>();
  previous?.params.forEach((p, i) => { if (!byNode.has(p)) byNode.set(p, previous.keys[i]!); });
  const stillThere = new Set(params);
  const used = new Set<string>();
  return params.map((p, i) => {
    let key = byNode.get(p);
    if (key === undefined || used.has(key)) {
      const old = previous?.params[i];
      const inPlace = old !== undefined && !stillThere.has(old) ? previous!.keys[i] : undefined;
      key = inPlace !== undefined && !used.has(inPlace) ? inPlace : `n${next++}`;
    }
    used.add(key);
    return key;
  });
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
