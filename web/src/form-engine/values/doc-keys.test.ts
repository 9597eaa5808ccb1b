import { describe, expect, it } from 'vitest';
import { orderedKeys, unusedKeyOptions, withKey, withoutKey } from './doc-keys';

const stocks = [{ id: 'cd-sp' }, { id: 'cd-rs' }, { id: 'franke-sp' }, { id: 'tramontina-rs' }];

describe('document-id keyed map', () => {
  it('offers only the documents not used as a key yet', () => {
    const map = { 'cd-rs': { qty: 29 }, 'tramontina-rs': { qty: 166 } };
    expect(unusedKeyOptions(stocks, map).map((s) => s.id)).toEqual(['cd-sp', 'franke-sp']);
    expect(unusedKeyOptions(stocks, {})).toEqual(stocks);
  });

  it('counts a key as used even when its value is empty', () => {
    expect(unusedKeyOptions(stocks, { 'cd-sp': null, 'cd-rs': {} }).map((s) => s.id)).toEqual(['franke-sp', 'tramontina-rs']);
  });

  it('does not mistake inherited object properties for used keys', () => {
    expect(unusedKeyOptions([{ id: 'toString' }, { id: 'constructor' }], {})).toHaveLength(2);
  });

  it('orders the keys like the collection, keys of missing documents last', () => {
    const map = { 'tramontina-rs': 1, apagado: 2, 'cd-sp': 3, antigo: 4 };
    expect(
      orderedKeys(
        map,
        stocks.map((s) => s.id),
      ),
    ).toEqual(['cd-sp', 'tramontina-rs', 'antigo', 'apagado']);
  });

  it('adds and removes keys without touching the original map', () => {
    const map = { a: { qty: 1 } };
    expect(withKey(map, 'b', {})).toEqual({ a: { qty: 1 }, b: {} });
    expect(withoutKey({ a: 1, b: 2 }, 'a')).toEqual({ b: 2 });
    expect(map).toEqual({ a: { qty: 1 } });
  });
});
