// Issue 29 points 3 and 4: every path that changes a price — the panel's override, the assistant's
// accepted price, the sync, the CSV import, an answer to a stale override — checks the store's
// guardrails and holds a change outside them; a held change is applied once, after a confirmation
// whose reason is in the changelog; an override whose upstream moved is flagged and answered.
// Through Hosting, on the emulators, the sandboxes feeding the warehouse.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldValue } from 'firebase-admin/firestore';
import { fieldHashes } from '@console/shared';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { createTestProject, testFirestore, testWarehouse } from '../../../test-support/stack.js';

const CODE = '10437899'; // Tramontina, company 1, in the seed and in every sandbox's catalogue
const admin = seedUser('admin');
let project: string;
let token: string;
/** The unit purchase price the guardrails compare with, as the sync left it. */
let cost: number;

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- stored documents; each test reads the fields it asserts

const db = () => testFirestore();
const productData = async (): Promise<Doc> => (await db().doc(`project/${project}/product-data/${CODE}`).get()).data()!;
const product = async (): Promise<Doc> => (await db().doc(`project/${project}/product/${CODE}`).get()).data()!;
const holds = async (): Promise<Doc[]> => (await db().collection(`project/${project}/price-hold`).get()).docs.map((d) => ({ id: d.id, ...d.data() }));
const changelog = async (field: string): Promise<Doc[]> =>
  (await db().collection(`project/${project}/product-data-changelog`).where('field', '==', field).get()).docs.map((d) => ({ id: d.id, ...d.data() }));
const post = (path: string, body: unknown) =>
  api(`${path}${path.includes('?') ? '&' : '?'}project=${project}`, { token, method: 'POST', body: JSON.stringify(body) });
const round2 = (n: number) => Math.round(n * 100) / 100;

async function runSync(path: string) {
  const { status, json } = await api(`${path}${path.includes('?') ? '&' : '?'}project=${project}`, { token });
  expect(status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

/** The manufacturer now gives other product fields: its warehouse row changed, as a sync of a changed catalogue would leave it. */
async function upstreamGives(fields: Doc) {
  const warehouse = testWarehouse();
  const row = (await warehouse.get('tramontina_products', { project, id: CODE }))!;
  const data = row.data as { product: Doc };
  await warehouse.upsert('tramontina_products', [{ ...row, data: { ...data, product: { ...data.product, ...fields } } }]);
  await warehouse.close();
}

beforeAll(async () => {
  project = await createTestProject('guardrails', [CODE]);
  token = await idToken(admin);
  await runSync(`/api/bling/bigquery/produtos?id=${CODE}`);
  await runSync(`/api/tramontina/webservice/products/1/${CODE}`);
  await runSync(`/api/tramontina/firestore/products/${CODE}`);
  const data = await productData();
  cost = data.PriceNetErp ?? data.PriceNet;
  expect(cost).toBeGreaterThan(0);
  // The store's guardrails: 10% over cost at least, 30% at most in one change.
  await db()
    .doc(`project/${project}/config/store`)
    .set({ name: 'Loja teste', priceGuardrails: { minMarginPercent: 10, maxChangePercent: 30 } });
  // A price inside both, to start from.
  await db()
    .doc(`project/${project}/product-data/${CODE}`)
    .set({ Price: round2(cost * 1.5), PriceInstallments: round2(cost * 1.6) }, { merge: true });
});

afterAll(async () => {
  await db().doc(`project/${project}/config/store`).delete();
});

describe('the panel: a manual price override', () => {
  it('is held outside the guardrails, with the numbers, and the price stays', async () => {
    const before = (await productData()).Price;
    const below = round2(cost * 0.88);
    const { status, json } = await post('/api/console/products/price-change', {
      code: CODE,
      field: 'Price',
      value: below,
      about: 'Queima de estoque',
      source: 'manual',
      target: 'product-data',
    });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.status).toBe('held');
    expect(json.message).toMatch(/^R\$ [\d.]+,\d\d fica 12% abaixo do custo de R\$ [\d.]+,\d\d/);
    expect((await productData()).Price).toBe(before);
    const hold = (await holds()).find((h) => h.id === json.holdId)!;
    expect(hold).toMatchObject({
      ProductCode: CODE,
      field: 'Price',
      from: before,
      to: below,
      cost,
      source: 'manual',
      status: 'held',
      about: 'Queima de estoque',
    });
    expect(hold.createdBy.id).toBe(admin.uid);
  });

  it('is written with its changelog entry inside them', async () => {
    const inside = round2((await productData()).Price * 1.1);
    const { json } = await post('/api/console/products/price-change', {
      code: CODE,
      field: 'Price',
      value: inside,
      about: 'Reajuste',
      source: 'manual',
      target: 'product-data',
    });
    expect(json).toEqual({ status: 'applied' });
    const data = await productData();
    expect(data.Price).toBe(inside);
    expect(data._overrides.Price).toMatchObject({ about: 'Reajuste', by: admin.uid });
    expect(await changelog('Price')).toContainEqual(expect.objectContaining({ to: inside, about: 'Reajuste', action: 'override', source: 'manual' }));
  });

  it('is held when the step is too large, even above cost', async () => {
    const jump = round2((await productData()).Price * 1.5);
    const { json } = await post('/api/console/products/price-change', {
      code: CODE,
      field: 'PriceInstallments',
      value: jump,
      about: 'Erro de digitação',
      source: 'manual',
      target: 'product-data',
    });
    expect(json.status).toBe('held');
    expect(json.message).toContain('acima do máximo de 30%');
  });
});

describe('a held change confirmed', () => {
  it('is applied once, however often the confirmation is sent, and the reason is in the changelog', async () => {
    const held = (await holds()).find((h) => h.source === 'manual' && h.field === 'Price' && h.status === 'held')!;
    const confirm = () => post(`/api/console/products/price-holds/${held.id}/confirm`, { reason: 'Aprovado pela diretoria' });
    const answers = await Promise.all([confirm(), confirm()]);
    const retried = await confirm();
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.json.alreadyApplied).sort()).toEqual([false, true]);
    expect(retried.json).toEqual({ status: 'applied', alreadyApplied: true });
    expect((await productData()).Price).toBe(held.to);
    const entries = (await changelog('Price')).filter((e) => e.confirmation);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: `hold-${held.id}`,
      to: held.to,
      about: 'Queima de estoque',
      confirmation: { reason: 'Aprovado pela diretoria', holdId: held.id, guardrail: held.message },
    });
    expect((await holds()).find((h) => h.id === held.id)).toMatchObject({ status: 'applied', confirmation: 'Aprovado pela diretoria' });
  });

  it('needs a reason, and a discarded change cannot be applied', async () => {
    const held = (await holds()).find((h) => h.field === 'PriceInstallments' && h.status === 'held')!;
    expect((await post(`/api/console/products/price-holds/${held.id}/confirm`, { reason: '  ' })).status).toBe(400);
    expect((await post(`/api/console/products/price-holds/${held.id}/discard`, { reason: 'Digitado errado' })).json).toEqual({
      status: 'discarded',
      alreadyResolved: false,
    });
    const refused = await post(`/api/console/products/price-holds/${held.id}/confirm`, { reason: 'Agora sim' });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatch(/descartada/);
  });
});

describe('the AI assistant: an accepted price', () => {
  it('is held outside the guardrails and the catalogue document keeps its price', async () => {
    const before = (await product()).Price;
    const { json } = await post('/api/console/products/price-change', {
      code: CODE,
      field: 'Price',
      value: round2(cost * 0.5),
      about: 'Sugestão do assistente de IA aceita',
      source: 'ai',
      target: 'product',
    });
    expect(json.status).toBe('held');
    expect((await product()).Price).toBe(before);
    expect((await holds()).find((h) => h.id === json.holdId)).toMatchObject({ source: 'ai', target: 'product', status: 'held' });
  });
});

describe('the sync: a price from upstream', () => {
  it('is held outside the guardrails, answered in `held`, once however often the sync runs', async () => {
    // The operator's override of Price would keep it from the sync: this product's Price is synced again.
    await db()
      .doc(`project/${project}/product-data/${CODE}`)
      .set({ _overrides: { Price: FieldValue.delete() } }, { merge: true });
    const before = (await productData()).Price;
    const upstreamPrice = round2(cost * 0.6);
    await upstreamGives({ Price: upstreamPrice });
    const first = await runSync(`/api/tramontina/firestore/products/${CODE}`);
    const second = await runSync(`/api/tramontina/firestore/products/${CODE}`);
    expect(first.held).toEqual([{ field: 'Price', holdId: expect.any(String), message: expect.stringContaining('abaixo do custo') }]);
    expect(second.held).toEqual(first.held);
    expect((await productData()).Price).toBe(before);
    const syncHolds = (await holds()).filter((h) => h.source === 'sync');
    expect(syncHolds).toHaveLength(1);
    expect(syncHolds[0]).toMatchObject({ to: upstreamPrice, status: 'held', createdBy: { displayName: 'Sincronização' } });
  });
});

describe('the CSV import: a row with a price', () => {
  it('writes the row without the held price and lists the price apart', async () => {
    const before = (await product()).Price;
    const { status, json } = await post('/api/console/collections/import', {
      collection: 'product',
      brand: 'Tramontina',
      records: [{ line: 2, id: CODE, data: { Price: round2(cost * 0.7), ProductSiteName: 'Panela importada' } }],
    });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json.results).toEqual([
      { line: 2, id: CODE, status: 'updated', held: [{ field: 'Price', holdId: expect.any(String), message: expect.stringContaining('abaixo do custo') }] },
    ]);
    const stored = await product();
    expect(stored.Price).toBe(before);
    expect(stored.ProductSiteName).toBe('Panela importada');
    expect((await holds()).find((h) => h.id === json.results[0].held[0].holdId)).toMatchObject({ source: 'csv', target: 'product', status: 'held' });
  });
});

describe('the CSV import: a line previewed', () => {
  it('is written only if its record is still as the preview saw it, else names the fields that moved', async () => {
    const seen = fieldHashes(await product());
    await db().doc(`project/${project}/product/${CODE}`).update({ ProductLine: 'Linha mudada por outra pessoa' });
    const { json } = await post('/api/console/collections/import', {
      collection: 'product',
      brand: 'Tramontina',
      records: [{ line: 2, id: CODE, data: { ProductSiteName: 'Nome do arquivo' }, seen }],
    });
    expect(json.results).toEqual([{ line: 2, id: CODE, status: 'error', message: expect.stringContaining('mudou desde a pré-visualização (ProductLine)') }]);
    expect((await product()).ProductSiteName).not.toBe('Nome do arquivo');
    const again = await post('/api/console/collections/import', {
      collection: 'product',
      brand: 'Tramontina',
      records: [{ line: 2, id: CODE, data: { ProductSiteName: 'Nome do arquivo' }, seen: fieldHashes(await product()) }],
    });
    expect(again.json.results[0].status).toBe('updated');
    expect((await product()).ProductSiteName).toBe('Nome do arquivo');
  });
});

describe('a stale override', () => {
  const staleEntry = async () => (await db().doc(`project/${project}/stale-override/${CODE}__ProductLine`).get()).data();

  it('is flagged after upstream changes under it, and answered with "Manter minha alteração"', async () => {
    const upstream = (await productData()).ProductLine;
    await db()
      .doc(`project/${project}/product-data/${CODE}`)
      .set(
        { ProductLine: 'Linha do operador', _overrides: { ProductLine: { about: 'Linha errada', by: admin.uid, at: FieldValue.serverTimestamp(), upstream } } },
        { merge: true },
      );
    await upstreamGives({ ProductLine: 'Linha nova do ERP' });
    await runSync(`/api/tramontina/firestore/products/${CODE}`);
    expect(await staleEntry()).toMatchObject({
      ProductCode: CODE,
      field: 'ProductLine',
      value: 'Linha do operador',
      upstreamBefore: upstream,
      upstreamNow: 'Linha nova do ERP',
    });
    expect((await productData())._overrides.ProductLine).toMatchObject({ baseline: upstream, upstream: 'Linha nova do ERP' });

    const { json } = await post('/api/console/products/stale-overrides/resolve', { code: CODE, field: 'ProductLine', decision: 'keep' });
    expect(json).toEqual({ status: 'kept' });
    expect(await staleEntry()).toBeUndefined();
    expect((await productData()).ProductLine).toBe('Linha do operador');
    expect(await changelog('ProductLine')).toContainEqual(
      expect.objectContaining({ action: 'keep-override', about: 'Manter minha alteração', upstreamFrom: upstream, upstreamTo: 'Linha nova do ERP' }),
    );
    // Upstream as kept is no longer news: the next sync flags nothing.
    await runSync(`/api/tramontina/firestore/products/${CODE}`);
    expect(await staleEntry()).toBeUndefined();
  });

  it('is answered with "Usar o valor do ERP": the override ends and upstream is written', async () => {
    await upstreamGives({ ProductLine: 'Linha final do ERP' });
    await runSync(`/api/tramontina/firestore/products/${CODE}`);
    expect(await staleEntry()).toMatchObject({ upstreamBefore: 'Linha nova do ERP', upstreamNow: 'Linha final do ERP' });
    const { json } = await post('/api/console/products/stale-overrides/resolve', { code: CODE, field: 'ProductLine', decision: 'upstream' });
    expect(json).toEqual({ status: 'applied' });
    const data = await productData();
    expect(data.ProductLine).toBe('Linha final do ERP');
    expect(data._overrides.ProductLine).toBeUndefined();
    expect(await staleEntry()).toBeUndefined();
    expect(await changelog('ProductLine')).toContainEqual(
      expect.objectContaining({ action: 'remove', about: 'Usar o valor do ERP', to: 'Linha final do ERP' }),
    );
  });
});

describe("the bulk sync's preview", () => {
  it('shows per product what would change before anything is written, and the run writes only what was previewed', async () => {
    await upstreamGives({ ProductSiteName: 'Nome novo do fabricante', Height: 99 });
    const before = await productData();
    const { status, json } = await post('/api/console/sync/preview', { codes: [CODE, '99999999'] });
    expect(status, JSON.stringify(json)).toBe(200);
    const [preview, missing] = json.products;
    expect(missing).toMatchObject({ code: '99999999', status: 'error' });
    expect(preview.status).toBe('ok');
    expect(preview.changes).toContainEqual({ field: 'Height', from: before.Height ?? null, to: 99 });
    // The held upstream price is shown as a guardrail that would trip.
    expect(preview.held).toContainEqual(expect.objectContaining({ field: 'Price', message: expect.stringContaining('abaixo do custo') }));
    expect(await productData()).toEqual(before);

    // Upstream moves again after the preview: the pinned run refuses and says what it would do now.
    await upstreamGives({ Height: 100 });
    const stale = await api(`/api/tramontina/firestore/products/${CODE}?project=${project}&preview=${preview.version}`, { token });
    expect(stale.status).toBe(409);
    expect(stale.json.error).toContain('mudou desde a pré-visualização');
    expect(stale.json.error).toContain('Height');
    expect((await productData()).Height).toBe(before.Height);

    const again = await post('/api/console/sync/preview', { codes: [CODE] });
    const pinned = await api(`/api/tramontina/firestore/products/${CODE}?project=${project}&preview=${again.json.products[0].version}`, { token });
    expect(pinned.status, JSON.stringify(pinned.json)).toBe(200);
    expect((await productData()).Height).toBe(100);
  });
});
