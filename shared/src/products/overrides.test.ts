import { describe, expect, it } from 'vitest';
import { overriddenFields, upstreamDifference, upstreamToRecord } from './overrides.js';

describe('overrides of product-data', () => {
  it('lists the recorded overrides, or the last mark of a document older than the record', () => {
    expect([...overriddenFields({ _overrides: { ProductLine: { about: 'x' }, 'Options.canSell': { upstream: true } } }).keys()]).toEqual([
      'ProductLine',
      'Options.canSell',
    ]);
    expect([...overriddenFields({ _override: { field: 'Price' } }).keys()]).toEqual(['Price']);
    expect(overriddenFields({ _override: { field: 'Price', removed: true } }).size).toBe(0);
    expect(overriddenFields({ _overrides: {}, _override: { field: 'Price' } }).size).toBe(0);
    expect(overriddenFields(null).size).toBe(0);
  });

  it("shows upstream's value only when it differs from the override", () => {
    const data = {
      ProductLine: 'Minha linha',
      Options: { canSell: false },
      _overrides: { ProductLine: { upstream: 'Linha Bling' }, 'Options.canSell': { upstream: false } },
    };
    expect(upstreamDifference(data, 'ProductLine')).toEqual({ upstream: 'Linha Bling' });
    expect(upstreamDifference(data, 'Options.canSell')).toBeNull();
    expect(upstreamDifference({ Price: 1, _overrides: { Price: {} } }, 'Price')).toBeNull();
    expect(upstreamDifference(data, 'Price')).toBeNull();
  });

  it('records as upstream the synced value a first override replaces, and keeps a known one', () => {
    expect(upstreamToRecord({ ProductLine: 'Linha Bling' }, 'ProductLine')).toEqual({ upstream: 'Linha Bling' });
    expect(upstreamToRecord({}, 'ProductLine')).toEqual({});
    expect(upstreamToRecord({ ProductLine: 'Minha', _overrides: { ProductLine: { upstream: 'Linha Bling' } } }, 'ProductLine')).toEqual({
      upstream: 'Linha Bling',
    });
    expect(upstreamToRecord({ ProductLine: 'Minha', _overrides: { ProductLine: {} } }, 'ProductLine')).toEqual({});
  });
});
