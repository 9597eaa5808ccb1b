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
  // Unchanged subtrees keep their identity, so the editor re-renders only what an edit touched.
  if (!isOperatorNode(node)) return node.type === 'null' && node.value !== null ? { type: 'null', value: null } : node;
  let params = node.params;
  const normalised = params.map(normaliseCondition);
  if (normalised.some((p, i) => p !== params[i])) params = normalised;
  if (node.type === 'AND' || node.type === 'OR') {
    if (params.length === 1) return params[0]!;
    if (params.some((p) => p.type === node.type)) {
      params = params.flatMap((p) => (p.type === node.type && isOperatorNode(p) ? p.params : [p]));
    }
    return params === node.params ? node : { type: node.type, params };
  }
  if (node.type === 'function' && node.value !== node.value.toUpperCase()) return { type: 'function', value: node.value.toUpperCase(), params };
  return params === node.params ? node : ({ ...node, params } as ConditionNode);
}
