import { describe, expect, it } from 'vitest';
import { keepOverrides } from './firestore-products.js';

describe('the sync and overridden fields', () => {
  it('leaves an overridden field out of the patch and records the upstream value beside it', () => {
    const existing = { ProductLine: 'Minha linha', Price: 10, _overrides: { ProductLine: { about: 'motivo', upstream: 'Linha A' } } };
    const patch: Record<string, unknown> = { ProductLine: 'Linha B', Price: 12 };
    expect(keepOverrides(existing, patch)).toEqual([{ field: 'ProductLine', from: 'Linha A', to: 'Linha B' }]);
    expect(patch).toEqual({ Price: 12, _overrides: { ProductLine: { upstream: 'Linha B' } } });
  });

  it('changes and logs nothing when upstream still gives the value it gave', () => {
    const existing = { ProductLine: 'Minha linha', _overrides: { ProductLine: { upstream: 'Linha A' } } };
    const patch: Record<string, unknown> = { ProductLine: 'Linha A' };
    expect(keepOverrides(existing, patch)).toEqual([]);
    expect(patch).toEqual({});
  });

  it('handles nested fields and overrides older than the record (the last mark), logging no first sight', () => {
    const patch: Record<string, unknown> = { Stock: { sp: { qty: 3 }, rj: { qty: 1 } } };
    expect(keepOverrides({ _override: { field: 'Stock.sp.qty' } }, patch)).toEqual([]);
    expect(patch).toEqual({ Stock: { rj: { qty: 1 } }, _overrides: { 'Stock.sp.qty': { upstream: 3 } } });
  });
});
