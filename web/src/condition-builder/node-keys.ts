import type { ConditionNode } from '@console/shared';

const keys = new WeakMap<object, string>();
let next = 0;

/**
 * Stable keys for the operands of one node (React keys and drag ids). Nodes are immutable and a
 * moved node keeps its object, so its key follows it; the same object twice gets a suffix.
 */
export function operandKeys(params: readonly ConditionNode[]): string[] {
  const seen = new Map<string, number>();
  return params.map((p) => {
    let key = keys.get(p);
    if (!key) {
      key = `n${next++}`;
      keys.set(p, key);
    }
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return n === 0 ? key : `${key}-${n}`;
  });
}
