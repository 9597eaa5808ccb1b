import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conditionTreeArbitrary, testRowArbitrary } from '../../../test-support/condition-arbitraries.js';
import { evaluateCondition } from './evaluate.js';
import { normaliseCondition } from './normalise.js';
import { isOperatorNode, type ConditionNode } from './types.js';

/**
 * Trees in any shape a writer outside the builder may store (an import, the API, another tool):
 * random conditions wrapped in groups of one, empty groups and groups inside groups of the same
 * kind, nested a few levels.
 */
const group = (type: 'AND' | 'OR', params: ConditionNode[]): ConditionNode => ({ type, params });
const anyShapeTree: fc.Arbitrary<ConditionNode> = fc.letrec<{ tree: ConditionNode }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 3, arbitrary: conditionTreeArbitrary(1) },
    { weight: 2, arbitrary: fc.tuple(fc.constantFrom('AND', 'OR'), tie('tree')).map(([t, x]) => group(t, [x])) },
    { weight: 1, arbitrary: fc.constantFrom('AND', 'OR').map((t) => group(t, [])) },
    {
      weight: 3,
      arbitrary: fc.tuple(fc.constantFrom('AND', 'OR'), fc.array(tie('tree'), { minLength: 1, maxLength: 4 })).map(([t, xs]) =>
        // Half the time the operands are regrouped in a group of the same kind.
        group(t, xs.length > 2 ? [xs[0]!, group(t, xs.slice(1))] : xs),
      ),
    },
  ),
})).tree;

/** No AND/OR of one operand, no AND directly inside an AND (nor OR in OR, so no empty one there). */
function isNormal(node: ConditionNode, parent?: ConditionNode['type']): boolean {
  if (!isOperatorNode(node)) return node.type !== 'null' || node.value === null;
  if ((node.type === 'AND' || node.type === 'OR') && (node.params.length === 1 || node.type === parent)) return false;
  return node.params.every((p) => isNormal(p, node.type));
}

describe('the normal form of a condition tree', () => {
  it('reduces groups of one, groups inside groups of the same kind and empty groups inside them', () => {
    const a: ConditionNode = { type: 'field', value: 'b1' };
    const b: ConditionNode = { type: 'bool', value: false };
    const c: ConditionNode = { type: 'IS NULL', params: [{ type: 'field', value: 's1' }] };
    expect(normaliseCondition(group('OR', [a, group('OR', [b, c])]))).toEqual(group('OR', [a, b, c]));
    expect(normaliseCondition(group('AND', [group('OR', [a])]))).toEqual(a);
    expect(normaliseCondition(group('AND', [a, group('AND', [])]))).toEqual(a);
    expect(normaliseCondition(group('AND', [group('AND', [a, group('AND', [b])]), group('OR', [c])]))).toEqual(group('AND', [a, b, c]));
    expect(normaliseCondition(group('OR', [a, group('AND', [])]))).toEqual(group('OR', [a, group('AND', [])]));
  });

  it('is normal, idempotent, and gives a normal tree back as the same object', () => {
    fc.assert(
      fc.property(anyShapeTree, (t) => {
        const normal = normaliseCondition(t);
        expect(isNormal(normal)).toBe(true);
        expect(normaliseCondition(normal)).toBe(normal);
        expect(normaliseCondition(structuredClone(normal))).toEqual(normal);
      }),
      { numRuns: 2000 },
    );
  });

  it('never changes what a condition means: the evaluator answers the same on random rows', () => {
    fc.assert(
      fc.property(anyShapeTree, fc.array(testRowArbitrary, { minLength: 8, maxLength: 8 }), (t, rows) => {
        const normal = normaliseCondition(t);
        for (const row of rows) expect(evaluateCondition(normal, row)).toBe(evaluateCondition(t, row));
      }),
      { numRuns: 1000 },
    );
  });
});
