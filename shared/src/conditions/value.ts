import { conditionAttributes } from './attributes.js';
import { writeConditionSql } from './sql-writer.js';
import { conditionNodeSchema, type ConditionContext, type ConditionNode, type ConditionValue } from './types.js';

/** The stored value of a tree: `sql` is always exactly the writer's output for `map`. */
export function conditionValue(map: ConditionNode): ConditionValue {
  return { map, sql: writeConditionSql(map) };
}

export type StoredConditionRead = { kind: 'empty' } | { kind: 'condition'; value: ConditionValue; map: ConditionNode } | { kind: 'invalid'; message: string };

/**
 * Reads a stored condition field. `empty` for null/undefined (a new document); `invalid` when the
 * stored shape is not a condition (the editor then shows it read-only, so nothing is lost).
 */
export function readStoredCondition(value: unknown): StoredConditionRead {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value !== 'object' || !('map' in value)) return { kind: 'invalid', message: 'O valor guardado não é uma condição ({map, sql}).' };
  const parsed = conditionNodeSchema.safeParse((value as { map: unknown }).map);
  if (!parsed.success) return { kind: 'invalid', message: 'A árvore da condição guardada tem nós que o construtor não conhece.' };
  const sql = (value as { sql?: unknown }).sql;
  return { kind: 'condition', map: parsed.data, value: { map: parsed.data, sql: typeof sql === 'string' ? sql : writeConditionSql(parsed.data) } };
}

/** A new comparison on the first attribute of the catalogue: `<first attribute> = ''` (or 0, or TRUE). */
export function newComparison(context: ConditionContext, field?: string): ConditionNode {
  const attributes = conditionAttributes(context);
  const attribute = attributes.find((a) => a.name === field) ?? attributes[0]!;
  return { type: '=', params: [{ type: 'field', value: attribute.name }, defaultValueNode(attribute.type)] };
}

export function defaultValueNode(type: 'number' | 'string' | 'boolean' | 'date' | 'any'): ConditionNode {
  if (type === 'number') return { type: 'numeric', value: 0 };
  if (type === 'boolean') return { type: 'bool', value: true };
  return { type: 'string', value: '' };
}
