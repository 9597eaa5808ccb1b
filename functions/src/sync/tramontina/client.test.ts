import { describe, expect, it } from 'vitest';
import { FAST, itHandlesFaults, loadTramontinaCredentials, upstreamFailure, useSandboxes } from '../../../../test-support/sandboxes.js';
import { TramontinaWebserviceClient, TRAMONTINA_WEBSERVICE } from './client.js';
import { mapWebserviceProduct, tramontinaProductRow } from './mapping.js';

const sandboxes = useSandboxes();
const [main, cookstore] = loadTramontinaCredentials().webservice;
const client = (options: object = FAST, credentials = main!) =>
  new TramontinaWebserviceClient({ baseUrl: sandboxes().urls['tramontina-webservice'], credentials, ...options });

describe('Tramontina web service client against its sandbox', () => {
  it('logs in and reads a product, mapped to the product entity', async () => {
    const product = await client().product(1, '10437899');
    expect(product).not.toBeNull();
    const fields = mapWebserviceProduct(product!);
    expect(fields).toMatchObject({
      Company: 1,
      ProductCode: '10437899',
      ProductSiteName: 'Faca do Chef Tramontina Professional Master 8"',
      EAN13: '7891112895591',
      NCMCode: '8211.92.10',
      brand: 'Tramontina',
      ProductLine: 'Professional Master',
      DimensionsUnit: 'cm',
      WeightUnit: 'kg',
      Salable: 'S',
      Status: 'ativado',
    });
    expect(typeof fields.PriceNet).toBe('number');
    // The sandbox's pictures are served by the local stack's Storage (the demo shows them offline).
    expect(fields.ProductImage).toMatch(/^https?:\/\/[^/]+\/.*10437899-1\.(jpg|svg)\b/);
    expect(fields.ProductFiles?.Files[0]).toMatchObject({ FileType: 'PD', FileExtension: expect.stringMatching(/^(JPG|SVG)$/) });

    const row = tramontinaProductRow('main', product!, new Date('2026-11-01T12:00:00Z'));
    expect(row).toMatchObject({ project: 'main', id: '10437899', company: '1', source: 'tramontina-webservice', fetchedAt: '2026-11-01T12:00:00.000Z' });
    expect(row.data.product).toEqual(fields);
  });

  it("accepts cookstore's credentials too, and logs in once for several products", async () => {
    const c = client(FAST, cookstore!);
    await c.product(1, '10437899');
    await c.product(1, '10618562');
    const log = sandboxes().controls['tramontina-webservice'].requests();
    expect(log.filter((r) => r.path === '/api/v1/autenticacao')).toHaveLength(1);
    expect(log.filter((r) => r.path.startsWith('/api/v1/produtos/'))).toHaveLength(2);
  });

  it('answers null for an unknown code, or a code under another company', async () => {
    expect(await client().product(1, '99999999')).toBeNull();
    expect(await client().product(2, '10437899')).toBeNull();
  });

  it('reports refused credentials without the password', async () => {
    const error = await upstreamFailure(client(FAST, { user: 'main.ws', password: 'errada' }).product(1, '10437899'));
    expect(error.message).toBe(`${TRAMONTINA_WEBSERVICE}: credenciais recusadas (HTTP 401)`);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('errada');
  });

  it('logs in again when the service refuses its token', async () => {
    const c = client();
    await c.product(1, '10437899');
    sandboxes().controls['tramontina-webservice'].setFaults([{ path: '/api/v1/produtos', status: 401, times: 1 }]);
    expect(await c.product(1, '10437899')).not.toBeNull();
    expect(
      sandboxes()
        .controls['tramontina-webservice'].requests()
        .filter((r) => r.path === '/api/v1/autenticacao'),
    ).toHaveLength(2);
  });

  itHandlesFaults({
    sandboxes,
    sandbox: 'tramontina-webservice',
    upstream: TRAMONTINA_WEBSERVICE,
    path: '/api/v1/produtos',
    call: (options) => client(options).product(1, '10437899'),
  });
});
