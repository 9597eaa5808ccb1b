import { describe, expect, it } from 'vitest';
import { nestedPatch, valueAt } from './field-path.js';

describe('product field paths', () => {
  it('reads a dotted path, undefined when absent', () => {
    expect(valueAt({ Options: { canSell: false } }, 'Options.canSell')).toBe(false);
    expect(valueAt({ Price: 3 }, 'Options.canSell')).toBeUndefined();
    expect(valueAt(undefined, 'Price')).toBeUndefined();
  });

  it('builds the nested merge patch of a path', () => {
    expect(nestedPatch('Options.canSell', true)).toEqual({ Options: { canSell: true } });
    expect(nestedPatch('Price', null)).toEqual({ Price: null });
  });
});
