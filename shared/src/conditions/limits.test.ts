import { describe, expect, it } from 'vitest';
import { checkCondition } from './check.js';
import { conditionDepth, MAX_CONDITION_DEPTH, MAX_CONDITION_TEXT_LENGTH, TEXT_TOO_LONG_MESSAGE, TOO_DEEP_MESSAGE } from './limits.js';
import { conditionNodeSchema, type ConditionNode } from './types.js';

function nested(levels: number): unknown {
  let node: unknown = { type: 'bool', value: true };
  for (let i = 1; i < levels; i++) node = { type: 'AND', params: [node, { type: 'bool', value: true }] };
  return node;
}

const like = (value: string): ConditionNode => ({
  type: 'LIKE',
  params: [
    { type: 'field', value: 'category' },
    { type: 'string', value },
  ],
});

describe('condition limits', () => {
  it('counts depth without recursing, stopping past the limit', () => {
    expect(conditionDepth({ type: 'bool', value: true })).toBe(1);
    expect(conditionDepth(nested(5))).toBe(5);
    expect(conditionDepth(nested(3000))).toBe(MAX_CONDITION_DEPTH + 1);
  });

  it('the schema takes a tree at the limit and refuses one past it (3,000 levels) with its message, not a stack overflow', () => {
    expect(conditionNodeSchema.safeParse(nested(MAX_CONDITION_DEPTH)).success).toBe(true);
    const deep = conditionNodeSchema.safeParse(nested(3000));
    expect(deep.success).toBe(false);
    expect(deep.error?.issues[0]?.message).toBe(TOO_DEEP_MESSAGE);
  });

  it('the checker refuses a text past the limit (a 1 MB LIKE value), a NUL character, and unknown fields when asked', () => {
    expect(checkCondition(like('x'.repeat(MAX_CONDITION_TEXT_LENGTH)), 'product')).toEqual([]);
    expect(checkCondition(like('x'.repeat(1_000_000)), 'product')).toEqual([{ path: [1], message: TEXT_TOO_LONG_MESSAGE }]);
    expect(checkCondition(like('a\0b'), 'product')[0]?.message).toMatch(/caractere nulo/);
    const unknown: ConditionNode = {
      type: '=',
      params: [
        { type: 'field', value: 'nosuchfield' },
        { type: 'numeric', value: 1 },
      ],
    };
    expect(checkCondition(unknown, 'product')).toEqual([]);
    expect(checkCondition(unknown, 'product', { knownFieldsOnly: true })).toEqual([{ path: [0], message: 'Campo desconhecido: «nosuchfield».' }]);
  });
});
