import type { ConditionNode } from './types.js';
import { isOperatorNode } from './types.js';

/**
 * The normal form of a tree: the one reduction the editor applies after each edit, the
 * `conditionSql` trigger applies to every stored map (so a stored tree is already normal), and the
 * editor compares stored values by (issue 30: a tree written elsewhere in another shape is not an
 * edit of the operator's). Bottom up:
 * - an AND inside an AND (an OR inside an OR) gives its operands to its parent, so an empty one
 *   (TRUE inside AND, FALSE inside OR) disappears;
 * - an AND/OR left with one operand is that operand (document 1 §5); the root's empty group stays;
 * - function names in upper case; a null leaf's value is null.
 * Meaning is unchanged (normalise.test.ts: the evaluator gives the same value on random rows) and
 * normalising twice is normalising once. Unchanged subtrees keep their identity, so the editor
 * re-renders only what an edit touched and a normal tree comes back as the same object.
 */
export function normaliseCondition(node: ConditionNode): ConditionNode {
  if (NORMAL.has(node)) return node;
  const normal = normaliseNode(node);
  NORMAL.add(normal);
  return normal;
}

/**
 * Nodes known to be normal (trees are never mutated: every tree operation makes new nodes on the
 * changed path), so normalising after an edit visits only the nodes the edit made: a keystroke in
 * a 1,000-node rule no longer walks the whole tree.
 */
const NORMAL = new WeakSet<ConditionNode>();

function normaliseNode(node: ConditionNode): ConditionNode {
  if (!isOperatorNode(node)) return node.type === 'null' && node.value !== null ? { type: 'null', value: null } : node;
  let params = node.params;
  const normalised = params.map(normaliseCondition);
  if (normalised.some((p, i) => p !== params[i])) params = normalised;
  if (node.type === 'AND' || node.type === 'OR') {
    if (params.some((p) => p.type === node.type)) {
      params = params.flatMap((p) => (p.type === node.type && isOperatorNode(p) ? p.params : [p]));
    }
    if (params.length === 1) return params[0]!;
    return params === node.params ? node : { type: node.type, params };
  }
  if (node.type === 'function' && node.value !== node.value.toUpperCase()) return { type: 'function', value: node.value.toUpperCase(), params };
  return params === node.params ? node : ({ ...node, params } as ConditionNode);
}
