import { describe, expect, it } from 'vitest';
import type { ConditionNode } from '@console/shared';
import { nextOperandKeys } from './node-keys';

const leaf = (value: string): ConditionNode => ({ type: 'string', value });

describe('operand keys', () => {
  const [a, b, c] = [leaf('a'), leaf('b'), leaf('c')];
  const first = nextOperandKeys(null, [a, b, c]);

  it('follow a moved operand', () => {
    expect(nextOperandKeys({ params: [a, b, c], keys: first }, [c, a, b])).toEqual([first[2], first[0], first[1]]);
  });
  it('stay with an operand edited in place', () => {
    expect(nextOperandKeys({ params: [a, b, c], keys: first }, [a, leaf('b2'), c])).toEqual(first);
  });
  it('are new for an added operand and dropped with a removed one', () => {
    const added = nextOperandKeys({ params: [a, b, c], keys: first }, [a, b, c, leaf('d')]);
    expect(added.slice(0, 3)).toEqual(first);
    expect(new Set(added).size).toBe(4);
    expect(nextOperandKeys({ params: [a, b, c], keys: first }, [a, c])).toEqual([first[0], first[2]]);
  });
  it('are unique when one object appears twice', () => {
    expect(new Set(nextOperandKeys(null, [a, a])).size).toBe(2);
  });
  it('stay with each occurrence of a repeated object when another operand is edited', () => {
    const twice = nextOperandKeys(null, [a, b, a]);
    expect(nextOperandKeys({ params: [a, b, a], keys: twice }, [a, leaf('b2'), a])).toEqual(twice);
    expect(nextOperandKeys({ params: [a, b, a], keys: twice }, [leaf('a2'), b, a])).toEqual(twice);
  });
});
