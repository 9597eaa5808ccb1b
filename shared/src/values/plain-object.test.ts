import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainObject } from './plain-object.js';

class Stamp {
  constructor(readonly seconds: number) {}
}

describe('isPlainObject', () => {
  it('accepts object literals, parsed JSON maps and null-prototype maps', () => {
    expect(isPlainObject({})).toBe(true);
    expect(isPlainObject({ a: { b: 1 } })).toBe(true);
    expect(isPlainObject(JSON.parse('{"x":[1]}'))).toBe(true);
    expect(isPlainObject(Object.create(null))).toBe(true);
  });

  it('refuses null, primitives, arrays, dates and class instances', () => {
    for (const value of [null, undefined, 0, 'a', true, [], [{}], new Date(), new Stamp(1), new Map(), /x/]) {
      expect(isPlainObject(value)).toBe(false);
    }
  });

  it('accepts every JSON object and refuses every other JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const isMap = typeof value === 'object' && value !== null && !Array.isArray(value);
        expect(isPlainObject(value)).toBe(isMap);
      }),
    );
  });
});
