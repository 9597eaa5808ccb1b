import { describe, expect, it } from 'vitest';
import { normaliseCondition } from './normalise.js';
import { addOperand, canRemove, canUnwrap, moveOperand, nodeAt, removeOperand, replaceNode, transferOperand, unwrapNode, wrapNode } from './tree.js';
import { writeConditionSql } from './sql-writer.js';
import type { ConditionNode } from './types.js';

const eq = (field: string, value: number): ConditionNode => ({
  type: '=',
  params: [
    { type: 'field', value: field },
    { type: 'numeric', value },
  ],
});
const and = (...params: ConditionNode[]): ConditionNode => ({ type: 'AND', params });

describe('tree operations addressed by path', () => {
  const tree = and(eq('a', 1), eq('b', 2));

  it('adds, replaces and reads nodes without touching the input', () => {
    const added = addOperand(tree, [], eq('c', 3));
    expect(writeConditionSql(added)).toBe('a = 1 AND b = 2 AND c = 3');
    expect(writeConditionSql(tree)).toBe('a = 1 AND b = 2');
    expect(writeConditionSql(replaceNode(added, [1, 1], { type: 'numeric', value: 9 }))).toBe('a = 1 AND b = 9 AND c = 3');
    expect(nodeAt(added, [2, 0])).toEqual({ type: 'field', value: 'c' });
  });

  it('removes an AND/OR operand only when there are more than two (document 1 §5)', () => {
    expect(canRemove(tree, [0])).toBe(false);
    expect(() => removeOperand(tree, [0])).toThrow();
    const three = addOperand(tree, [], eq('c', 3));
    expect(canRemove(three, [0])).toBe(true);
    expect(writeConditionSql(removeOperand(three, [0]))).toBe('b = 2 AND c = 3');
    expect(canRemove(three, [0, 1])).toBe(false);
  });

  it('wraps in AND/OR/IF and unwraps', () => {
    const wrapped = wrapNode(tree, [1], 'OR', [eq('c', 3)]);
    expect(writeConditionSql(wrapped)).toBe('a = 1 AND (b = 2 OR c = 3)');
    expect(canUnwrap(wrapped, [1])).toBe(true);
    expect(writeConditionSql(unwrapNode(wrapped, [1]))).toBe('a = 1 AND b = 2 AND c = 3');
    expect(writeConditionSql(unwrapNode(tree, []))).toBe('a = 1');
    const iffed = wrapNode(eq('a', 1), [], 'IF', [
      { type: 'bool', value: true },
      { type: 'bool', value: false },
    ]);
    expect(writeConditionSql(iffed)).toBe('IF(a = 1, TRUE, FALSE)');
    expect(writeConditionSql(unwrapNode(iffed, []))).toBe('a = 1');
  });

  it('moves an operand among its siblings', () => {
    const three = addOperand(tree, [], eq('c', 3));
    expect(writeConditionSql(moveOperand(three, [], 2, 0))).toBe('c = 3 AND a = 1 AND b = 2');
    expect(writeConditionSql(moveOperand(three, [], 0, 1))).toBe('b = 2 AND a = 1 AND c = 3');
  });

  it('normalises a single-parameter AND to its parameter and flattens AND in AND', () => {
    expect(normaliseCondition(and(eq('a', 1)))).toEqual(eq('a', 1));
    expect(writeConditionSql(normaliseCondition(and(and(eq('a', 1), eq('b', 2)), eq('c', 3))))).toBe('a = 1 AND b = 2 AND c = 3');
  });
});

describe('moving an operand to another group', () => {
  const or = (...params: ConditionNode[]): ConditionNode => ({ type: 'OR', params });
  const tree = and(eq('a', 1), eq('b', 2), or(eq('c', 3), eq('d', 4)));

  it('puts it before the operand it was dropped on, in the other group', () => {
    expect(transferOperand(tree, [0], [2], 1)).toEqual(and(eq('b', 2), or(eq('c', 3), eq('a', 1), eq('d', 4))));
    expect(transferOperand(tree, [2, 0], [], 0)).toEqual(and(eq('c', 3), eq('a', 1), eq('b', 2), or(eq('d', 4))));
    // The group left with one operand is that operand once normalised.
    expect(normaliseCondition(transferOperand(tree, [2, 0], [], 0))).toEqual(and(eq('c', 3), eq('a', 1), eq('b', 2), eq('d', 4)));
  });

  it('within its own group it is a reorder, and a group never goes inside itself', () => {
    expect(transferOperand(tree, [0], [], 1)).toEqual(moveOperand(tree, [], 0, 1));
    expect(() => transferOperand(tree, [2], [2], 0)).toThrow('Um grupo não pode ir para dentro de si mesmo.');
    expect(() => transferOperand(tree, [0], [1], 0)).toThrow('Só grupos E/OU recebem condições.');
  });
});
