import { describe, expect, it } from 'vitest';
import { FAST, itHandlesFaults, useSandboxes } from '../../../../test-support/sandboxes.js';
import { DOKA, DokaClient } from './client.js';
import { dokaProductRow } from './mapping.js';

const sandboxes = useSandboxes();
const client = (options: object = FAST) => new DokaClient({ baseUrl: sandboxes().urls.doka, ...options });

describe('Doka client against its sandbox', () => {
  it('reads the product page: name, codes, price and stock', async () => {
    const page = await client().product('10437899');
    expect(page).toMatchObject({ ProductCode: '10437899', name: 'Faca do Chef Tramontina Professional Master 8"', ean: '7891112895591', brand: 'Tramontina' });
    expect(page!.price).toBeGreaterThan(0);
    expect(page!.listPrice).toBeGreaterThanOrEqual(page!.price);
    expect(page!.available).toBe((page!.qty ?? 0) > 0);
    const row = dokaProductRow('main', page!, new Date());
    expect(row.data.product).toMatchObject({ ProductCode: '10437899', EAN13: '7891112895591' });
    expect(row.data.offer).toMatchObject({ price: page!.price });
  });

  it('answers null when the site has no page for the code', async () => {
    expect(await client().product('00000000')).toBeNull();
  });

  itHandlesFaults({
    sandboxes,
    sandbox: 'doka',
    upstream: DOKA,
    path: '/produto',
    call: (options) => client(options).product('10437899'),
    malformed: 'Doka: página do produto inválida (página incompleta)',
  });
});
