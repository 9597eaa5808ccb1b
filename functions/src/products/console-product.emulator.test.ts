import { beforeAll, describe, expect, it } from 'vitest';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';

let staffMain: string;
let staffCdlbox: string;

beforeAll(async () => {
  [staffMain, staffCdlbox] = await Promise.all([idToken(seedUser('staff', ['main', 'cookstore'])), idToken(seedUser('staff', ['cdlbox']))]);
});

describe('GET /api/console/products/{id}', () => {
  it('answers the product with its product-data merged over it', async () => {
    const { status, json } = await api('/api/console/products/10437899?project=main', { token: staffMain });
    expect(status).toBe(200);
    expect(json.data).toMatchObject({
      id: '10437899',
      ProductCode: '10437899',
      ProductSiteName: expect.stringContaining('Faca do Chef'),
      ProductImage: expect.stringMatching(/^https?:\/\//), // the demo's pictures: the local Storage
      Salable: 'S',
      Status: 'ativado',
    });
    // Catalogue-only fields are there too, and timestamps are JSON ({timestamp: ISO}).
    expect(json.data.ProductDescription).toMatch(/<p>/);
    expect(json.data.updatedAt).toEqual({ timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(json.sources).toEqual({ product: true, productData: true });
  });

  it('answers 404 for a product that does not exist', async () => {
    const { status, json } = await api('/api/console/products/99999999?project=main', { token: staffMain });
    expect(status).toBe(404);
    expect(json.error).toBe('Produto não encontrado.');
  });

  it('refuses a user of another project and a malformed code', async () => {
    const denied = await api('/api/console/products/10437899?project=main', { token: staffCdlbox });
    expect(denied.status).toBe(403);
    const bad = await api('/api/console/products/a%20b?project=main', { token: staffMain });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/código de produto/);
  });
});
