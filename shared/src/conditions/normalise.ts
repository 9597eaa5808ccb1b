import type { ConditionNode } from './types.js';
import { isOperatorNode } from './types.js';

/**
 * The canonical form of a tree, applied after each edit (not on open: a stored value saved
 * unchanged stays byte for byte as stored):
 * - a single-parameter AND/OR is just that parameter (document 1 §5);
 * - an AND inside an AND (an OR inside an OR) gives its operands to its parent;
 * - function names in upper case; a null leaf's value is null.
 * It never changes what the condition means: tests check evaluation is unchanged.
 */
export function normaliseCondition(node: ConditionNode): ConditionNode {
  if (!isOperatorNode(node)) return node.type === 'null' ? { type: 'null', value: null } : node;
  const params = node.params.map(normaliseCondition);
  if (node.type === 'AND' || node.type === 'OR') {
    if (params.length === 1) return params[0]!;
    const flat = params.flatMap((p) => (p.type === node.type && isOperatorNode(p) ? p.params : [p]));
    return { type: node.type, params: flat };
  }
  if (node.type === 'function') return { type: 'function', value: node.value.toUpperCase(), params };
  return { type: node.type, params };
}
