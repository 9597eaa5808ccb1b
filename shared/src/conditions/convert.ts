import { findConditionAttribute } from './attributes.js';
import { conditionTypeOf } from './check.js';
import { CONDITION_FUNCTIONS, NODE_SIGNATURES } from './signatures.js';
import type { ConditionContext, ConditionNode, ConditionNodeType, ListItem, OperatorNode } from './types.js';
import { isOperatorNode } from './types.js';
import { defaultValueNode, newComparison } from './value.js';

/** The default value node for an operand compared with `left` (0 for a number field, '' for text...). */
export function valueFor(left: ConditionNode | undefined, context: ConditionContext): ConditionNode {
  if (left?.type === 'field') {
    const a = findConditionAttribute(context, left.value);
    if (a) return defaultValueNode(a.type);
  }
  const type = left ? conditionTypeOf(left, context) : 'string';
  return defaultValueNode(type === 'number' ? 'number' : type === 'boolean' ? 'boolean' : 'string');
}

function listFrom(node: ConditionNode | undefined): ConditionNode {
  if (node?.type === 'list') return node;
  if (node?.type === 'string' || node?.type === 'numeric') return { type: 'list', value: node.value === '' ? [] : [node.value as ListItem] };
  return { type: 'list', value: [] };
}

function scalarFrom(node: ConditionNode | undefined, left: ConditionNode | undefined, context: ConditionContext): ConditionNode {
  if (node?.type === 'list') {
    const first = node.value[0];
    if (typeof first === 'number') return { type: 'numeric', value: first };
    if (typeof first === 'string') return { type: 'string', value: first };
    return valueFor(left, context);
  }
  return node ?? valueFor(left, context);
}

/**
 * A node of `type` made from `node`, keeping what can be kept: a comparison keeps its operands
 * (IN turns the value into a list, BETWEEN repeats it as the upper bound, IS NULL keeps the first),
 * AND and OR swap, arithmetic keeps both numbers; a leaf becomes the type's default value.
 */
export function convertNode(node: ConditionNode, type: ConditionNodeType, context: ConditionContext): ConditionNode {
  if (node.type === type) return node;
  const params = isOperatorNode(node) ? node.params : [];
  const sig = NODE_SIGNATURES[type];
  const [a, b, c] = params;
  switch (sig.group) {
    case 'logic':
      if (type === 'IF') return { type: 'IF', params: [node, { type: 'bool', value: true }, { type: 'bool', value: false }] };
      if (node.type === 'AND' || node.type === 'OR') return { type: type as 'AND' | 'OR', params };
      return { type: type as 'AND' | 'OR', params: [node, newComparison(context)] };
    case 'comparison': {
      const left = isOperatorNode(node) && NODE_SIGNATURES[node.type].group === 'comparison' ? a : node.type === 'field' ? node : undefined;
      const first = left ?? (newComparison(context) as OperatorNode).params[0]!;
      if (type === 'IS NULL' || type === 'IS NOT NULL') return { type, params: [first] };
      if (type === 'IN') return { type, params: [first, listFrom(b)] };
      if (type === 'BETWEEN') {
        const low = scalarFrom(b, first, context);
        return { type, params: [first, low, c && node.type === 'BETWEEN' ? c : low] };
      }
      if (type === 'LIKE') {
        const pattern = scalarFrom(b, first, context);
        return { type, params: [first, pattern.type === 'string' ? pattern : { type: 'string', value: '%' }] };
      }
      return { type: type as OperatorNode['type'], params: [first, scalarFrom(b, first, context)] };
    }
    case 'arithmetic': {
      if (type === 'ROUND')
        return {
          type: 'ROUND',
          params: [node.type === '+' || node.type === '-' || node.type === '*' || node.type === '/' ? node : (a ?? node), { type: 'numeric', value: 2 }],
        };
      const isArithmetic = node.type === '+' || node.type === '-' || node.type === '*' || node.type === '/';
      const op = type as '+' | '-' | '*' | '/';
      return isArithmetic ? { type: op, params } : { type: op, params: [node, { type: 'numeric', value: 1 }] };
    }
    case 'function': {
      const name = Object.keys(CONDITION_FUNCTIONS)[0]!;
      return { type: 'function', value: name, params: [node] };
    }
    case 'value':
      switch (type) {
        case 'field':
          return { type: 'field', value: node.type === 'field' ? node.value : '' };
        case 'string':
          return { type: 'string', value: node.type === 'numeric' ? String(node.value) : '' };
        case 'numeric':
          return { type: 'numeric', value: node.type === 'string' && Number.isFinite(Number(node.value)) && node.value.trim() !== '' ? Number(node.value) : 0 };
        case 'bool':
          return { type: 'bool', value: true };
        case 'null':
          return { type: 'null', value: null };
        case 'list':
          return listFrom(node);
      }
  }
  return node;
}
