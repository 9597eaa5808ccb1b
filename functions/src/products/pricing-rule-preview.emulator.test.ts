// Issue 29 point 3: a pricing rule's preview of its effect, before the rule is saved — the prices
// it would change and which changes the store's guardrails would hold, with the numbers. Through
// Hosting, on the emulators; the products as the panel reads them (catalogue + synced data).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { createTestProject, testFirestore } from '../../../test-support/stack.js';

const staff = seedUser('staff', ['main', 'cookstore']);
const admin = seedUser('admin');
let project: string;
let token: string;

const db = () => testFirestore();
const preview = (body: unknown, as = token) =>
  api(`/api/console/products/pricing-rule-preview?project=${project}`, { token: as, method: 'POST', body: JSON.stringify(body) });
const section = (value: string) => ({
  type: '=',
  params: [
    { type: 'field', value: 'section' },
    { type: 'string', value },
  ],
});

beforeAll(async () => {
  project = await createTestProject('rule-preview');
  token = await idToken(admin);
  const products: Array<[string, Record<string, unknown>, Record<string, unknown> | null]> = [
    // Cost 100 (ERP, in the synced data): × 1,9 = 190.
    ['P-ABAIXO', { ProductSiteName: 'Panela abaixo do piso', section: 'panelas', Price: 180, PriceInstallments: 260 }, { PriceNetErp: 100 }],
    // 120 → 190 is +58%: over the store's 30% step.
    ['P-SALTO', { ProductSiteName: 'Panela com salto', section: 'panelas', Price: 120, PriceInstallments: 260 }, { PriceNetErp: 100 }],
    ['P-ACIMA', { ProductSiteName: 'Panela acima', section: 'panelas', Price: 250, PriceInstallments: 260 }, { PriceNetErp: 100 }],
    ['P-MANUAL', { ProductSiteName: 'Panela manual', section: 'panelas', Price: 10, Options: { isManualPricing: true } }, { PriceNetErp: 100 }],
    ['P-SEMCUSTO', { ProductSiteName: 'Panela sem custo', section: 'panelas', Price: 10 }, null],
    ['F-FACA', { ProductSiteName: 'Faca fora da regra', section: 'facas', Price: 1 }, { PriceNetErp: 100 }],
  ];
  const batch = db().batch();
  for (const [code, product, data] of products) {
    batch.set(db().doc(`project/${project}/product/${code}`), product);
    if (data) batch.set(db().doc(`project/${project}/product-data/${code}`), data);
  }
  batch.set(db().doc(`project/${project}/config/store`), { priceGuardrails: { minMarginPercent: 10, maxChangePercent: 30 } });
  await batch.commit();
});

afterAll(async () => {
  await db().recursiveDelete(db().doc(`project/${project}`));
});

describe("a pricing rule's preview", () => {
  it('lists the prices the rule would change, the held ones first with the numbers, and writes nothing', async () => {
    const { status, json } = await preview({ map: section('panelas'), options: { minMarkup: 1.9, minInstallmentsMarkup: 2 } });
    expect(status, JSON.stringify(json)).toBe(200);
    expect(json).toMatchObject({ matched: 5, total: 6, changed: 2, held: 1, manual: 1, noCost: 1 });
    expect(json.rows).toEqual([
      {
        code: 'P-SALTO',
        name: 'Panela com salto',
        field: 'Price',
        from: 120,
        to: 190,
        cost: 100,
        held: true,
        message: 'R$ 120,00 para R$ 190,00 é um aumento de 58% de uma vez, acima do máximo de 30%',
      },
      { code: 'P-ABAIXO', name: 'Panela abaixo do piso', field: 'Price', from: 180, to: 190, cost: 100, held: false, message: '' },
    ]);
    expect((await db().doc(`project/${project}/product/P-SALTO`).get()).data()!.Price).toBe(120);
    expect((await db().collection(`project/${project}/price-hold`).get()).size).toBe(0);
  });

  it('previews the form as it is, every product without conditions, and refuses conditions that do not type-check', async () => {
    const all = await preview({ options: { minMarkup: 1.9 } });
    expect(all.json).toMatchObject({ matched: 6, changed: 3, held: 2 });
    const bad = await preview({
      map: {
        type: '=',
        params: [
          { type: 'field', value: 'NoSuchField' },
          { type: 'string', value: 'x' },
        ],
      },
      options: {},
    });
    expect(bad.status).toBe(400);
    expect(String(bad.json.error)).not.toBe('');
  });

  it("is the project's members' only", async () => {
    const { status } = await preview({ options: { minMarkup: 1.9 } }, await idToken(staff));
    expect(status).toBe(403);
  });
});
