import { describe, expect, it } from 'vitest';
import { keepOverrides } from './firestore-products.js';

describe('the sync and overridden fields', () => {
  it('leaves an overridden field out of the patch and records the upstream value beside it', () => {
    const existing = { ProductLine: 'Minha linha', Price: 10, _overrides: { ProductLine: { about: 'motivo', upstream: 'Linha A' } } };
    const patch: Record<string, unknown> = { ProductLine: 'Linha B', Price: 12 };
    expect(keepOverrides(existing, patch).changes).toEqual([{ field: 'ProductLine', from: 'Linha A', to: 'Linha B' }]);
    expect(patch).toEqual({ Price: 12, _overrides: { ProductLine: { upstream: 'Linha B', baseline: 'Linha A' } } });
  });

  it('changes and logs nothing when upstream still gives the value it gave', () => {
    const existing = { ProductLine: 'Minha linha', _overrides: { ProductLine: { upstream: 'Linha A' } } };
    const patch: Record<string, unknown> = { ProductLine: 'Linha A' };
    expect(keepOverrides(existing, patch)).toEqual({ changes: [], stale: [] });
    expect(patch).toEqual({});
  });

  it('handles nested fields and overrides older than the record (the last mark), logging no first sight', () => {
    const patch: Record<string, unknown> = { Stock: { sp: { qty: 3 }, rj: { qty: 1 } } };
    expect(keepOverrides({ _override: { field: 'Stock.sp.qty' } }, patch)).toEqual({ changes: [], stale: [] });
    expect(patch).toEqual({ Stock: { rj: { qty: 1 } }, _overrides: { 'Stock.sp.qty': { upstream: 3 } } });
  });

  it('marks an override stale when upstream moves from what it was made against, and no longer once upstream is back', () => {
    const made = { ProductLine: 'Minha linha', _overrides: { ProductLine: { about: 'motivo', at: 'ontem', upstream: 'Linha A' } } };
    const first: Record<string, unknown> = { ProductLine: 'Linha B' };
    const moved = keepOverrides(made, first).stale;
    expect(moved.map(({ field, stale, wasTracked, baseline, upstream }) => ({ field, stale, wasTracked, baseline, upstream }))).toEqual([
      { field: 'ProductLine', stale: true, wasTracked: false, baseline: 'Linha A', upstream: 'Linha B' },
    ]);
    // The baseline stays the value the operator overrode against while upstream keeps moving.
    const staleDoc = { ProductLine: 'Minha linha', _overrides: { ProductLine: { upstream: 'Linha B', baseline: 'Linha A' } } };
    const second: Record<string, unknown> = { ProductLine: 'Linha C' };
    expect(keepOverrides(staleDoc, second).stale[0]).toMatchObject({ stale: true, wasTracked: true, baseline: 'Linha A', upstream: 'Linha C' });
    expect(second).toEqual({ _overrides: { ProductLine: { upstream: 'Linha C' } } });
    const back: Record<string, unknown> = { ProductLine: 'Linha A' };
    expect(keepOverrides(staleDoc, back).stale[0]).toMatchObject({ stale: false, wasTracked: true });
  });
});
