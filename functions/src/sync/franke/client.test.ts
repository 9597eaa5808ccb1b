import { describe, expect, it } from 'vitest';
import { FAST, itHandlesFaults, useSandboxes } from '../../../../test-support/sandboxes.js';
import { FRANKE, FrankeClient } from './client.js';
import { frankeProductRow } from './mapping.js';

const sandboxes = useSandboxes();
const client = (options: object = FAST) => new FrankeClient({ baseUrl: sandboxes().urls.franke, ...options });

describe('Franke client against its sandbox', () => {
  it('finds a Franke product by reference and maps identity, stock and offer', async () => {
    const product = await client().product('61190736');
    expect(product?.productReference).toBe('61190736');
    const row = frankeProductRow('main', '61190736', product!, new Date('2026-11-01T00:00:00Z'));
    expect(row).toMatchObject({ project: 'main', id: '61190736', source: 'franke' });
    const data = row.data as { product: Record<string, unknown>; offer: { price: number; qty: number; available: boolean } };
    expect(data.product).toMatchObject({ ProductCode: '61190736', brand: 'Franke', ProductSiteName: expect.stringContaining('Franke') });
    expect(data.product.Stock).toEqual({ 'franke-sp': { qty: data.offer.qty } });
    expect(data.offer.price).toBeGreaterThan(0);
    expect(data.offer.available).toBe(data.offer.qty > 0);
  });

  it('answers null for a product the store does not sell', async () => {
    expect(await client().product('10437899')).toBeNull(); // a Tramontina knife
    expect(await client().product('00000000')).toBeNull();
  });

  itHandlesFaults({
    sandboxes,
    sandbox: 'franke',
    upstream: FRANKE,
    path: '/api/catalog_system',
    call: (options) => client(options).product('61190736'),
  });
});
