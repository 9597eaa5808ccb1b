// POST /api/console/conditions/preview: what a condition matches among a project's products and
// customers, checked against the seeded data read here with the Admin SDK.
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { conditionPreviewResponseSchema, TEXT_TOO_LONG_MESSAGE, TOO_DEEP_MESSAGE } from '@console/shared';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';

let staff: string;
let cdlboxStaff: string;
let products: Record<string, unknown>[];
let customerCount: number;

beforeAll(async () => {
  [staff, cdlboxStaff] = await Promise.all([idToken(seedUser('staff', ['main', 'cookstore'])), idToken(seedUser('staff', ['cdlbox']))]);
  const app = initializeApp({ projectId: process.env.GCLOUD_PROJECT ?? 'demo-console' }, `conditions-preview-${Date.now()}`);
  const db = getFirestore(app);
  products = (await db.collection('project/main/product').get()).docs.map((d) => d.data());
  customerCount = (await db.collection('project/main/customer').get()).size;
  await deleteApp(app);
});

const post = (body: unknown, token = staff, project = 'main') =>
  api(`/api/console/conditions/preview?project=${project}`, { method: 'POST', body: JSON.stringify(body), token });

const field = (value: string) => ({ type: 'field', value });

describe('POST /api/console/conditions/preview', () => {
  it('counts the products a rule matches, with a sample of code, name and price', async () => {
    const map = {
      type: 'AND',
      params: [
        { type: '=', params: [field('brand'), { type: 'string', value: 'Tramontina' }] },
        { type: '>=', params: [field('Price'), { type: 'numeric', value: 150 }] },
      ],
    };
    const { status, json } = await post({ context: 'product', map, sampleSize: 3 });
    expect(status).toBe(200);
    const answer = conditionPreviewResponseSchema.parse(json);
    const expected = products.filter((p) => p.brand === 'Tramontina' && typeof p.Price === 'number' && p.Price >= 150);
    expect(answer.matched).toBe(expected.length);
    expect(answer.total).toBe(products.length);
    expect(answer.sample).toHaveLength(3);
    for (const s of answer.sample) expect(expected.map((p) => p.ProductCode)).toContain(s.code);
  });

  it('counts customers: one matches when any of its events does', async () => {
    const map = { type: '=', params: [field('event.name'), { type: 'string', value: 'purchase' }] };
    const { status, json } = await post({ context: 'customer', map });
    expect(status).toBe(200);
    expect(json.total).toBe(customerCount);
    expect(json.matched).toBeGreaterThan(0);
    expect(json.matched).toBeLessThan(customerCount);
  });

  it('answers 400 with the type checker’s message for a tree that is not well typed, and for a bad body', async () => {
    const bad = await post({ context: 'product', map: { type: '>', params: [field('Price'), { type: 'string', value: 'caro' }] } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe('Tipos diferentes: número comparado a texto.');
    expect((await post({ context: 'product', map: { type: 'DROP TABLE' } })).status).toBe(400);
  });

  it('a LIKE value with - (a slug) answers 200 with the products of that category', async () => {
    for (const pattern of ['acessorios-churrasco', '%-churrasco', 'acessorios-%']) {
      const map = { type: 'LIKE', params: [field('category'), { type: 'string', value: pattern }] };
      const { status, json } = await post({ context: 'product', map });
      expect(status).toBe(200);
      const expected = products.filter((p) => typeof p.category === 'string' && new RegExp(`^${pattern.replace(/%/g, '.*')}$`).test(p.category));
      expect(expected.length).toBeGreaterThan(0);
      expect(json.matched).toBe(expected.length);
    }
  });

  it('answers 400 naming the problem for an unknown field, a 3,000-level tree and a 1 MB value — never 500', async () => {
    const unknown = await post({ context: 'customer', map: { type: '=', params: [field('customer.shoeSize'), { type: 'numeric', value: 42 }] } });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toBe('Campo desconhecido: «customer.shoeSize».');

    // Written as text: JSON.stringify of 3,000 levels overflows the test worker's own stack.
    const leaf = '{"type":"bool","value":true}';
    const deep = `${'{"type":"AND","params":['.repeat(3000)}${leaf}${`,${leaf}]}`.repeat(3000)}`;
    const tooDeep = await api('/api/console/conditions/preview?project=main', {
      method: 'POST',
      body: `{"context":"product","map":${deep}}`,
      token: staff,
    });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.json.error).toBe(`Requisição inválida: map: ${TOO_DEEP_MESSAGE}`);

    const huge = await post({
      context: 'product',
      map: { type: 'LIKE', params: [field('ProductSiteName'), { type: 'string', value: `%${'-'.repeat(1_000_000)}%` }] },
    });
    expect(huge.status).toBe(400);
    expect(huge.json.error).toBe(TEXT_TOO_LONG_MESSAGE);
  });

  it('refuses callers without a token or without access to the project', async () => {
    const map = { type: 'bool', value: true };
    expect((await api('/api/console/conditions/preview?project=main', { method: 'POST', body: JSON.stringify({ context: 'product', map }) })).status).toBe(401);
    const other = await post({ context: 'product', map }, cdlboxStaff);
    expect(other.status).toBe(403);
    expect(other.json.error).toBe('Sem acesso ao projeto main.');
  });
});
