import { z } from 'zod';
import { conditionDepth, MAX_CONDITION_DEPTH, TOO_DEEP_MESSAGE } from './limits.js';

/**
 * The condition object of document 1 §3: `map` is the tree, `sql` its SQL text. `sql` is always
 * exactly `writeConditionSql(map)`; it is stored beside the tree so the warehouse and other
 * readers can use it without this code.
 */
export interface ConditionValue {
  map: ConditionNode;
  sql: string;
}

/** Operators: nodes with `params`. */
export const OPERATOR_TYPES = [
  'IF',
  'AND',
  'OR',
  '!=',
  '=',
  '>',
  '>=',
  '<',
  '<=',
  'BETWEEN',
  'LIKE',
  'IN',
  'IS NULL',
  'IS NOT NULL',
  '/',
  '*',
  '+',
  '-',
  'ROUND',
] as const;
export type OperatorType = (typeof OPERATOR_TYPES)[number];

/** Leaves: nodes with `value` (a `function` node has both a name in `value` and `params`). */
export const LEAF_TYPES = ['field', 'string', 'list', 'numeric', 'bool', 'null'] as const;

export const NODE_TYPES = [...OPERATOR_TYPES, ...LEAF_TYPES, 'function'] as const;
export type ConditionNodeType = (typeof NODE_TYPES)[number];

export type ListItem = string | number;

export type OperatorNode = { type: OperatorType; params: ConditionNode[] };
export type FunctionNode = { type: 'function'; value: string; params: ConditionNode[] };
export type FieldNode = { type: 'field'; value: string };
export type StringNode = { type: 'string'; value: string };
export type NumericNode = { type: 'numeric'; value: number };
export type BoolNode = { type: 'bool'; value: boolean };
export type NullNode = { type: 'null'; value: null };
export type ListNode = { type: 'list'; value: ListItem[] };
export type LeafNode = FieldNode | StringNode | NumericNode | BoolNode | NullNode | ListNode;

/** One node of a condition tree, as stored: `{type, params}` operators, `{type, value}` leaves. */
export type ConditionNode = OperatorNode | FunctionNode | LeafNode;

/** A node's position: the indexes of `params` from the root ([] is the root). */
export type NodePath = readonly number[];

export function isOperatorNode(node: ConditionNode): node is OperatorNode | FunctionNode {
  return 'params' in node && Array.isArray(node.params);
}

const listItemSchema = z.union([z.string(), z.number()]);

/**
 * The stored shape of a node, checked before the editor or the evaluator trust it. A tree deeper
 * than MAX_CONDITION_DEPTH is refused before the recursive parse (which would overflow the stack).
 */
export const conditionNodeSchema: z.ZodType<ConditionNode> = z
  .unknown()
  .superRefine((node, ctx) => {
    if (conditionDepth(node) > MAX_CONDITION_DEPTH) ctx.addIssue({ code: 'custom', message: TOO_DEEP_MESSAGE, abort: true });
  })
  .pipe(z.lazy(() => conditionNodeShape)) as unknown as z.ZodType<ConditionNode>;

const conditionNodeShape: z.ZodType<ConditionNode> = z.lazy(() =>
  z.union([
    z.object({ type: z.enum(OPERATOR_TYPES), params: z.array(conditionNodeShape) }),
    z.object({ type: z.literal('function'), value: z.string(), params: z.array(conditionNodeShape) }),
    z.object({ type: z.literal('field'), value: z.string() }),
    z.object({ type: z.literal('string'), value: z.string() }),
    z.object({ type: z.literal('numeric'), value: z.number() }),
    z.object({ type: z.literal('bool'), value: z.boolean() }),
    // A stored null leaf may lack its value; it is read as null.
    z.object({ type: z.literal('null'), value: z.null().optional() }).transform(() => ({ type: 'null' as const, value: null })),
    z.object({ type: z.literal('list'), value: z.array(listItemSchema) }),
  ]),
) as z.ZodType<ConditionNode>;

export const conditionValueSchema = z.object({ map: conditionNodeSchema, sql: z.string() });

/** Where an attribute catalogue applies: pricing rules, banner rules, customer segments. */
export const CONDITION_CONTEXTS = ['product', 'layout', 'customer'] as const;
export type ConditionContext = (typeof CONDITION_CONTEXTS)[number];
export const conditionContextSchema = z.enum(CONDITION_CONTEXTS);
