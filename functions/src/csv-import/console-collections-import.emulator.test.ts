// POST /api/console/collections/import: one batch of the CSV import, validated and written on the
// server (issue 17: server-side validation, timestamps on imported records).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { IMPORT_RECORDS_PATH, importRecordsResponseSchema } from '@console/shared';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { testFirestore } from '../../../test-support/stack.js';

const run = Date.now().toString(36);
const id = (name: string) => `imp-${run}-${name}`;
let staff: string;
let cdlboxStaff: string;
const created: string[] = [];

const send = (body: unknown, token = staff, project = 'main') =>
  api(`${IMPORT_RECORDS_PATH}?project=${project}`, { method: 'POST', token, body: JSON.stringify(body) });
const stored = async (collection: string, docId: string) => (await testFirestore().doc(`project/main/${collection}/${docId}`).get()).data();

beforeAll(async () => {
  [staff, cdlboxStaff] = await Promise.all([idToken(seedUser('staff', ['main', 'cookstore'])), idToken(seedUser('staff', ['cdlbox']))]);
});

afterAll(async () => {
  await Promise.all(created.map((path) => testFirestore().doc(path).delete()));
});

describe('POST /api/console/collections/import', () => {
  it('creates records with createdAt and updatedAt, keeps createdAt on update, and sets the brand', async () => {
    const before = Date.now();
    const first = await send({
      collection: 'product',
      brand: 'Tramontina',
      records: [{ line: 2, id: id('p1'), data: { ProductSiteName: 'Panela', Price: 89.9, Options: { canSell: true } } }],
    });
    created.push(`project/main/product/${id('p1')}`);
    expect(first.status).toBe(200);
    expect(importRecordsResponseSchema.parse(first.json).results).toEqual([{ line: 2, id: id('p1'), status: 'created' }]);
    const doc = (await stored('product', id('p1')))!;
    expect(doc).toMatchObject({ ProductSiteName: 'Panela', Price: 89.9, brand: 'Tramontina', id: id('p1'), Options: { canSell: true } });
    expect(doc.createdAt).toBeInstanceOf(Timestamp);
    expect(doc.updatedAt).toBeInstanceOf(Timestamp);
    expect((doc.createdAt as Timestamp).toMillis()).toBeGreaterThanOrEqual(before - 5000);

    const second = await send({ collection: 'product', brand: 'Tramontina', records: [{ line: 2, id: id('p1'), data: { Price: 79.9 } }] });
    expect(second.json.results).toEqual([{ line: 2, id: id('p1'), status: 'updated' }]);
    const updated = (await stored('product', id('p1')))!;
    expect(updated.Price).toBe(79.9);
    expect((updated.createdAt as Timestamp).isEqual(doc.createdAt as Timestamp)).toBe(true);
    expect((updated.updatedAt as Timestamp).toMillis()).toBeGreaterThanOrEqual((doc.updatedAt as Timestamp).toMillis());
  });

  it('creates a batch the browser found all new without reading it, records refused by the schema still left out', async () => {
    const { status, json } = await send({
      collection: 'product',
      brand: 'Tramontina',
      allNew: true,
      records: [
        { line: 2, id: id('new1'), data: { Price: 10, Options: { canSell: true } } },
        { line: 3, id: id('new-bad'), data: { Price: 'dez' } },
        { line: 4, id: id('new1'), data: { Options: { maxInstallments: 6 } } },
      ],
    });
    created.push(`project/main/product/${id('new1')}`);
    expect(status).toBe(200);
    expect(json.results).toEqual([
      { line: 2, id: id('new1'), status: 'created' },
      { line: 3, id: id('new-bad'), status: 'error', message: expect.stringMatching(/^Price: /) },
      { line: 4, id: id('new1'), status: 'updated' },
    ]);
    const doc = (await stored('product', id('new1')))!;
    expect(doc).toMatchObject({ Price: 10, brand: 'Tramontina', Options: { canSell: true, maxInstallments: 6 } });
    expect(doc.createdAt).toBeInstanceOf(Timestamp);
    expect(doc.updatedAt).toBeInstanceOf(Timestamp);
    expect(await stored('product', id('new-bad'))).toBeUndefined();
  });

  it('a batch called all new that holds a stored record is merged into it, not created over it', async () => {
    const seededAt = Timestamp.fromMillis(Date.parse('2025-01-02T03:04:05Z'));
    await testFirestore()
      .doc(`project/main/product/${id('old')}`)
      .set({ ProductSiteName: 'Antigo', Price: 5, brand: 'Tramontina', createdAt: seededAt, Options: { canSell: false, maxInstallments: 3 } });
    created.push(`project/main/product/${id('old')}`, `project/main/product/${id('fresh')}`);
    const { json } = await send({
      collection: 'product',
      brand: 'Tramontina',
      allNew: true,
      records: [
        { line: 2, id: id('fresh'), data: { Price: 7 } },
        { line: 3, id: id('old'), data: { Price: 6, Options: { canSell: true } } },
      ],
    });
    expect(json.results).toEqual([
      { line: 2, id: id('fresh'), status: 'created' },
      { line: 3, id: id('old'), status: 'updated' },
    ]);
    const old = (await stored('product', id('old')))!;
    expect(old).toMatchObject({ ProductSiteName: 'Antigo', Price: 6, Options: { canSell: true, maxInstallments: 3 } });
    expect((old.createdAt as Timestamp).isEqual(seededAt)).toBe(true);
    expect(await stored('product', id('fresh'))).toMatchObject({ Price: 7 });
  });

  it('never stores a record the schema refuses, answers its reason, and writes the valid ones of the batch', async () => {
    const { status, json } = await send({
      collection: 'product',
      brand: 'Tramontina',
      records: [
        { line: 2, id: id('ok'), data: { Price: 10 } },
        { line: 3, id: id('bad'), data: { Price: 'dez' } },
        { line: 4, id: 'com espaço', data: { Price: 1 } },
      ],
    });
    created.push(`project/main/product/${id('ok')}`);
    expect(status).toBe(200);
    expect(json.results[0]).toEqual({ line: 2, id: id('ok'), status: 'created' });
    expect(json.results[1]).toMatchObject({ line: 3, id: id('bad'), status: 'error', message: expect.stringMatching(/^Price: /) });
    expect(json.results[2]).toEqual({ line: 4, id: 'com espaço', status: 'error', message: 'ID inválido (contém espaços, / ou $)' });
    expect(await stored('product', id('bad'))).toBeUndefined();
    expect(await stored('product', id('ok'))).toMatchObject({ Price: 10 });
  });

  it('refuses a condition whose sql is not its map’s, with a Portuguese message, and stores a matching one', async () => {
    const map = {
      type: '>',
      params: [
        { type: 'field', value: 'Price' },
        { type: 'numeric', value: 10 },
      ],
    };
    const { status, json } = await send({
      collection: 'pricing-rule',
      records: [
        { line: 2, id: id('rule-true'), data: { name: 'Importada', rules: { map, sql: 'TRUE' } } },
        { line: 3, id: id('rule-ok'), data: { name: 'Importada', rules: { map, sql: 'Price > 10' } } },
      ],
    });
    created.push(`project/main/pricing-rule/${id('rule-ok')}`);
    expect(status).toBe(200);
    expect(json.results[0]).toEqual({
      line: 2,
      id: id('rule-true'),
      status: 'error',
      message: 'O sql da condição em rules não corresponde ao map: deveria ser «Price > 10».',
    });
    expect(json.results[1]).toEqual({ line: 3, id: id('rule-ok'), status: 'created' });
    expect(await stored('pricing-rule', id('rule-true'))).toBeUndefined();
    expect((await stored('pricing-rule', id('rule-ok')))?.rules).toEqual({ map, sql: 'Price > 10' });
  });

  it('merges two lines with one id in file order, the second answered as updated', async () => {
    const { json } = await send({
      collection: 'product',
      brand: 'X',
      records: [
        { line: 2, id: id('twice'), data: { Price: 1, Options: { canSell: true } } },
        { line: 3, id: id('twice'), data: { Price: 2, Options: { maxInstallments: 6 } } },
      ],
    });
    created.push(`project/main/product/${id('twice')}`);
    expect(json.results.map((r: { status: string }) => r.status)).toEqual(['created', 'updated']);
    expect(await stored('product', id('twice'))).toMatchObject({ Price: 2, Options: { canSell: true, maxInstallments: 6 } });
  });

  it('validates a record merged into the stored document', async () => {
    await testFirestore()
      .doc(`project/main/product/${id('merged')}`)
      .set({ Price: 5 });
    created.push(`project/main/product/${id('merged')}`);
    const { json } = await send({ collection: 'product', brand: 'X', records: [{ line: 2, id: id('merged'), data: { Options: { canSell: 'sim' } } }] });
    expect(json.results[0]).toMatchObject({ status: 'error', message: expect.stringMatching(/^Options\.canSell: /) });
    expect(await stored('product', id('merged'))).toEqual({ Price: 5 });
  });

  it('stores dates sent as { timestamp } as timestamps, and gives a list ordered by a field the record lacks that field', async () => {
    const { json } = await send({
      collection: 'category',
      records: [{ line: 2, id: id('cat'), data: { title: 'Importada', createdAt: { timestamp: '2024-05-06T07:08:09.123456Z' } } }],
    });
    created.push(`project/main/category/${id('cat')}`);
    expect(json.results[0]).toMatchObject({ status: 'created' });
    const doc = (await stored('category', id('cat')))!;
    expect(doc.order).toBeNull();
    expect((doc.createdAt as Timestamp).isEqual(new Timestamp(Date.parse('2024-05-06T07:08:09Z') / 1000, 123_456_000))).toBe(true);
    expect(doc.updatedAt).toBeInstanceOf(Timestamp);
    // The category list (ordered by `order`) shows it.
    const listed = await testFirestore().collection('project/main/category').orderBy('order', 'asc').get();
    expect(listed.docs.map((d) => d.id)).toContain(id('cat'));
  });

  it('refuses a product import without a brand, another project, unknown and guarded collections, and a missing token', async () => {
    const record = { line: 2, id: id('never'), data: { Price: 1 } };
    expect(await send({ collection: 'product', records: [record] })).toMatchObject({
      status: 400,
      json: { error: 'Preencha a marca do produto para continuar' },
    });
    expect((await send({ collection: 'product', brand: 'X', records: [record] }, cdlboxStaff)).status).toBe(403);
    expect((await send({ collection: 'product-data', records: [record] })).status).toBe(404);
    expect((await send({ collection: 'config', records: [record] })).status).toBe(404);
    expect((await send({ collection: 'nada', records: [record] })).status).toBe(404);
    expect(
      (await api(`${IMPORT_RECORDS_PATH}?project=main`, { method: 'POST', body: JSON.stringify({ collection: 'product', records: [record] }) })).status,
    ).toBe(401);
    expect(await stored('product', id('never'))).toBeUndefined();
  });
});
