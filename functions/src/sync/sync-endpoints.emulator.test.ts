// Each worker endpoint against the sandboxes and the emulators: what it answers, what landed in
// the warehouse and in Firestore, and that running it twice leaves the same data.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { createTestProject, sandboxRequests, sandboxUrls, testFirestore, testWarehouse } from '../../../test-support/stack.js';
import type { TableName } from '../warehouse/warehouse.js';

const CODE = '10437899'; // Tramontina, company 1, in the seed and in every sandbox's catalogue
const FRANKE_CODE = '61190736';
const NEW_CODE = '10990999'; // in Firestore only: the ERP does not know it yet
let project: string;
let token: string;
let otherToken: string;

const get = (path: string, as = token) => api(path, { token: as });
/** A warehouse row without its fetch time: what must not change when an endpoint runs twice. */
const stored = async (table: TableName, id: string) => {
  const row = await testWarehouse().get(table, { project, id });
  if (!row) return null;
  const { fetchedAt: _fetchedAt, ...rest } = row;
  return rest;
};

beforeAll(async () => {
  project = await createTestProject('sync', [CODE]);
  await testFirestore().doc(`project/${project}/product/${NEW_CODE}`).set({
    id: NEW_CODE,
    ProductCode: NEW_CODE,
    ProductSiteName: 'Panela de teste',
    Price: 99.9,
    PriceCompare: 129.9,
    Status: 'ativado',
    EAN13: '7890000099991',
  });
  [token, otherToken] = await Promise.all([idToken(seedUser('admin')), idToken(seedUser('staff', ['cdlbox']))]);
});

describe('ERP and manufacturer to warehouse', () => {
  it('GET /api/bling/bigquery/produtos stores the Bling produto, the same on a second run', async () => {
    const first = await get(`/api/bling/bigquery/produtos?project=${project}&id=${CODE}`);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ ok: true, code: CODE, account: expect.any(String), written: 1 });
    const row = await stored('bling_products', CODE);
    expect(row).toMatchObject({ source: 'bling', account: first.json.account, data: { codigo: CODE, id: expect.any(Number) } });
    expect((await get(`/api/bling/bigquery/produtos?project=${project}&id=${CODE}`)).status).toBe(200);
    expect(await stored('bling_products', CODE)).toEqual(row);
  });

  it('GET /api/tramontina/webservice/products/{company}/{code} stores the manufacturer product', async () => {
    const { status, json } = await get(`/api/tramontina/webservice/products/1/${CODE}?project=${project}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ ok: true, code: CODE, company: 1, written: 1 });
    const row = await stored('tramontina_products', CODE);
    expect(row).toMatchObject({ company: '1', data: { product: { ProductCode: CODE, ProductSiteName: expect.stringContaining('Faca') } } });
    await get(`/api/tramontina/webservice/products/1/${CODE}?project=${project}`);
    expect(await stored('tramontina_products', CODE)).toEqual(row);
  });

  it('paginates TStock (answering download) and stores the stock file', async () => {
    const products = encodeURIComponent(JSON.stringify([{ id: CODE, companyId: 1 }]));
    const page = await get(`/api/tramontina/tstock/bigquery/paginate?products=${products}&project=${project}`);
    expect(page.status).toBe(200);
    expect(page.json).toMatchObject({ ok: true, codes: [CODE], written: 1, download: expect.stringMatching(/^http/) });
    expect(await stored('tstock_stock', CODE)).toMatchObject({ data: { product: { Stock: { 'tramontina-rs': { qty: expect.any(Number) } } } } });

    const download = encodeURIComponent(page.json.download);
    const file = await get(`/api/tramontina/tstockfiles/bigquery/download/${CODE}?downloadUrl=${download}&project=${project}`);
    expect(file.status).toBe(200);
    expect(file.json).toMatchObject({ ok: true, code: CODE, file: expect.stringMatching(/^EST-/), written: 1, product: { ProductCode: CODE } });
    const row = await stored('tstock_files', file.json.file);
    // The signature of the download link is a credential while it lasts: not kept.
    expect((row as { download_url?: string } | null)?.download_url).not.toContain('?');
    await get(`/api/tramontina/tstockfiles/bigquery/download/${CODE}?downloadUrl=${download}&project=${project}`);
    expect(await stored('tstock_files', file.json.file)).toEqual(row);
  });

  it('refuses a download URL that is not on the TStock host', async () => {
    const { status, json } = await get(
      `/api/tramontina/tstockfiles/bigquery/download/${CODE}?downloadUrl=${encodeURIComponent('http://127.0.0.1:1/x.xls')}&project=${project}`,
    );
    expect(status).toBe(400);
    expect(json.error).toMatch(/TStock/);
  });

  it('GET /api/franke/store/product and /api/doka/product-site-fast store the supplier products', async () => {
    const franke = await get(`/api/franke/store/product?id=${FRANKE_CODE}&project=${project}`);
    expect(franke.status).toBe(200);
    expect(await stored('franke_products', FRANKE_CODE)).toMatchObject({ data: { product: { ProductCode: FRANKE_CODE, brand: 'Franke' } } });
    const notSold = await get(`/api/franke/store/product?id=${CODE}&project=${project}`);
    expect(notSold.status).toBe(404);
    expect(notSold.json.error).toMatch(/^Franke: /);

    const doka = await get(`/api/doka/product-site-fast?code=${CODE}&project=${project}`);
    expect(doka.status).toBe(200);
    expect(await stored('doka_products', CODE)).toMatchObject({ data: { product: { ProductCode: CODE } } });
  });
});

describe('store sites to warehouse', () => {
  it.each(['cookstore', 'centergarbin', 'excellenceshop', 'cookeletroraro'])('GET /api/sites/%s/products stores the site product', async (site) => {
    const { status, json } = await get(`/api/sites/${site}/products?id=${CODE}&project=${project}`);
    expect({ status, json }).toMatchObject({ status: 200, json: { ok: true, code: `${site}:${CODE}`, written: 1 } });
    const row = await stored('site_products', `${site}:${CODE}`);
    expect(row).toMatchObject({ site, code: CODE, source: `site:${site}`, data: { ProductCode: CODE } });
    await get(`/api/sites/${site}/products?id=${CODE}&project=${project}`);
    expect(await stored('site_products', `${site}:${CODE}`)).toEqual(row);
  });

  it('refuses a site that is not one of the four', async () => {
    const { status, json } = await get(`/api/sites/ebay/products?id=${CODE}&project=${project}`);
    expect(status).toBe(400);
    expect(json.error).toMatch(/cookstore/);
  });
});

describe('warehouse to Firestore', () => {
  it('merges the warehouse rows into product-data with updatedAt, and a second run changes nothing', async () => {
    const first = await get(`/api/tramontina/firestore/products/${CODE}?project=${project}`);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ ok: true, code: CODE, productDataChanged: true, product: 'unchanged' });
    expect(first.json.sources).toEqual(expect.arrayContaining(['tramontina_products', 'bling_products', 'tstock_stock', 'doka_products']));

    const ref = testFirestore().doc(`project/${project}/product-data/${CODE}`);
    const data = (await ref.get()).data()!;
    const manufacturer = (await stored('tramontina_products', CODE))!.data.product as Record<string, unknown>;
    const stock = (await stored('tstock_stock', CODE))!.data.product as { Stock: Record<string, { qty: number }> };
    expect(data.ProductSiteName).toBe(manufacturer.ProductSiteName);
    expect(data.PriceNet).toBe(manufacturer.PriceNet);
    expect(data.ProductCodeErp).toBe(CODE);
    expect(data.Stock['tramontina-rs'].qty).toBe(stock.Stock['tramontina-rs']!.qty);
    // Stock of other warehouses (the store's own) is kept.
    expect(Object.keys(data.Stock)).toEqual(expect.arrayContaining(['cd-sp', 'cd-rs', 'tramontina-rs']));
    expect(data.updatedAt.toMillis()).toBeGreaterThan(Date.now() - 60_000);

    const second = await get(`/api/tramontina/firestore/products/${CODE}?project=${project}`);
    expect(second.json.productDataChanged).toBe(false);
    expect((await ref.get()).data()).toEqual(data);
  });

  it('creates the catalogue product when the store has none yet', async () => {
    const code = FRANKE_CODE;
    const { status, json } = await get(`/api/tramontina/firestore/products/${code}?project=${project}`);
    expect(status).toBe(200);
    expect(json.product).toBe('created');
    const product = (await testFirestore().doc(`project/${project}/product/${code}`).get()).data()!;
    expect(product).toMatchObject({ id: code, ProductCode: code, ProductSiteName: expect.any(String), createdAt: expect.anything() });
  });

  it('answers 404 for a code the warehouse has nothing about', async () => {
    const { status, json } = await get(`/api/tramontina/firestore/products/10990000?project=${project}`);
    expect(status).toBe(404);
    expect(json.error).toMatch(/^Warehouse: /);
  });
});

describe('ERP and marketplace pushes', () => {
  const blingUrl = () => sandboxUrls().bling!;
  const posts = async (suffix: string) =>
    (await sandboxRequests(blingUrl())).filter((r) => r.method === 'POST' && r.path.endsWith(suffix) && r.status !== null && r.status < 300).length;

  it('creates the product in Bling once, however often it runs', async () => {
    const before = await posts('/produtos');
    const first = await get(`/api/bling/produto/create/${NEW_CODE}?project=${project}&bling=0`);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ ok: true, code: NEW_CODE, codigo: NEW_CODE, created: true });
    const second = await get(`/api/bling/produto/create/${NEW_CODE}?project=${project}&bling=0`);
    expect(second.json).toMatchObject({ created: false, blingId: first.json.blingId });
    expect((await posts('/produtos')) - before).toBe(1);
    const missing = await get(`/api/bling/produto/create/10990001?project=${project}&bling=0`);
    expect(missing.status).toBe(404);
    expect(missing.json.error).toBe('Produto não encontrado.');
  });

  it('sets the update flag from the product status', async () => {
    const { status, json } = await get(`/api/bling/produto/update-flag/${CODE}?project=${project}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ ok: true, code: CODE, situacao: 'A' });
  });

  it('pushes to a marketplace and its update store, and removes the listing, idempotently', async () => {
    const before = await posts('/produtos/lojas');
    const shopee = await get(`/api/bling/produtoloja/create/${CODE}?store=shopee&project=${project}`);
    expect(shopee.status).toBe(200);
    expect(shopee.json).toMatchObject({ ok: true, store: 'shopee', loja: '203000001', created: true });
    const again = await get(`/api/bling/produtoloja/create/${CODE}?loja=203000001&store=shopee&project=${project}`);
    expect(again.json).toMatchObject({ created: false, listingId: shopee.json.listingId });
    expect((await posts('/produtos/lojas')) - before).toBe(1);

    const update = await get(`/api/bling/produtoloja/create/${CODE}?loja=203000005&project=${project}`);
    expect(update.json).toMatchObject({ ok: true, store: null, loja: '203000005' });

    const removed = await get(`/api/bling/produtoloja/delete/${CODE}?loja=203000001&project=${project}`);
    expect(removed.json).toMatchObject({ ok: true, removed: 1 });
    expect((await get(`/api/bling/produtoloja/delete/${CODE}?loja=203000001&project=${project}`)).json).toMatchObject({ removed: 0 });
  });

  it('refuses a loja that is not the configured one', async () => {
    const wrong = await get(`/api/bling/produtoloja/create/${CODE}?loja=999&store=amazon&project=${project}`);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatch(/loja 999/);
    const unknown = await get(`/api/bling/produtoloja/delete/${CODE}?loja=999&project=${project}`);
    expect(unknown.status).toBe(400);
  });
});

describe('access and parameters', () => {
  it('refuses a user of another project (403) and a bad query (400)', async () => {
    expect((await get(`/api/bling/bigquery/produtos?project=${project}&id=${CODE}`, otherToken)).status).toBe(403);
    expect((await get(`/api/tramontina/firestore/products/${CODE}?project=main`, otherToken)).status).toBe(403);
    const noId = await get(`/api/bling/bigquery/produtos?project=${project}`);
    expect(noId.status).toBe(400);
    expect(noId.json.error).toMatch(/id/);
    expect((await get(`/api/tramontina/tstock/bigquery/paginate?products=nope&project=${project}`)).status).toBe(400);
    expect((await get(`/api/tramontina/webservice/products/x/${CODE}?project=${project}`)).status).toBe(400);
    expect((await get(`/api/bling/produtoloja/create/${CODE}?store=ebay&project=${project}`)).status).toBe(400);
  });
});
