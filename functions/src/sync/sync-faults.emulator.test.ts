// Upstream faults (5xx, 429, malformed answers, timeouts) and invalid data: each gives a clear
// error naming the upstream, and nothing is written to the warehouse or Firestore.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { createTestProject, sandboxUrls, setSandboxFaults, testFirestore, testWarehouse } from '../../../test-support/stack.js';

const CODE = '10618562'; // Tramontina, company 1: never synced in this project before the faults
let project: string;
let token: string;

const get = (path: string) => api(path, { token });
const url = (name: string) => sandboxUrls()[name]!;

beforeAll(async () => {
  project = await createTestProject('faults', [CODE]);
  token = await idToken(seedUser('admin'));
});

afterEach(async () => {
  await Promise.all(Object.values(sandboxUrls()).map((sandbox) => setSandboxFaults(sandbox)));
});

describe('an upstream failure answers an error naming the upstream and writes nothing', () => {
  it('Bling answering 503', async () => {
    await setSandboxFaults(url('bling'), { path: '*/produtos', status: 503 });
    const { status, json } = await get(`/api/bling/bigquery/produtos?project=${project}&id=${CODE}`);
    expect(status).toBe(502);
    expect(json.error).toMatch(/^Bling: falha ao buscar o produto 10618562: erro no servidor \(HTTP 503\)/);
    expect(await testWarehouse().get('bling_products', { project, id: CODE })).toBeNull();
  });

  it('Bling answering 429 with a long Retry-After', async () => {
    await setSandboxFaults(url('bling'), { path: '*/produtos', tooManyRequests: { retryAfterSeconds: 120 } });
    const { status, json } = await get(`/api/bling/bigquery/produtos?project=${project}&id=${CODE}`);
    expect(status).toBe(502);
    expect(json.error).toMatch(/^Bling: .*HTTP 429/);
    expect(await testWarehouse().get('bling_products', { project, id: CODE })).toBeNull();
  });

  it('the manufacturer web service answering malformed JSON', async () => {
    await setSandboxFaults(url('tramontina-webservice'), { path: '/api/v1/produtos', malformed: true });
    const { status, json } = await get(`/api/tramontina/webservice/products/1/${CODE}?project=${project}`);
    expect(status).toBe(502);
    expect(json.error).toBe('Tramontina webservice: resposta inválida (JSON malformado)');
    expect(await testWarehouse().get('tramontina_products', { project, id: CODE })).toBeNull();
  });

  it('TStock failing on the stock query', async () => {
    await setSandboxFaults(url('tramontina-tstock'), { status: 500 });
    const products = encodeURIComponent(JSON.stringify([{ id: CODE, companyId: 1 }]));
    const { status, json } = await get(`/api/tramontina/tstock/bigquery/paginate?products=${products}&project=${project}`);
    expect(status).toBe(502);
    expect(json.error).toMatch(/^TStock: erro no servidor \(HTTP 500\)/);
    expect(await testWarehouse().get('tstock_stock', { project, id: CODE })).toBeNull();
  });

  it('a store site that does not answer in time', async () => {
    // 10 s per attempt, three attempts: the endpoint gives up with 504 after about 30 s.
    await setSandboxFaults(url('site-cookstore'), { hang: true });
    const { status, json } = await get(`/api/sites/cookstore/products?id=${CODE}&project=${project}`);
    expect(status).toBe(504);
    expect(json.error).toBe('Site cookstore: tempo esgotado após 10 s');
    expect(await testWarehouse().get('site_products', { project, id: `cookstore:${CODE}` })).toBeNull();
  }, 90_000);
});

describe('invalid data never reaches Firestore', () => {
  it('refuses warehouse data that breaks the product schema, leaving both documents as they were', async () => {
    const code = '10990777';
    await testWarehouse().upsert('tramontina_products', [
      {
        project,
        id: code,
        company: '1',
        source: 'tramontina-webservice',
        fetchedAt: new Date().toISOString(),
        data: { product: { ProductCode: code, ProductSiteName: 'Produto quebrado', PriceNet: 'caro' } },
      },
    ]);
    const { status, json } = await get(`/api/tramontina/firestore/products/${code}?project=${project}`);
    expect(status).toBe(422);
    expect(json.error).toMatch(/PriceNet/);
    const db = testFirestore();
    expect((await db.doc(`project/${project}/product-data/${code}`).get()).exists).toBe(false);
    expect((await db.doc(`project/${project}/product/${code}`).get()).exists).toBe(false);
  });
});
