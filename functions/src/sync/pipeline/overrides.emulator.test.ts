// Issue 17 point 1: a reasoned override survives Bling → warehouse and warehouse → Firestore syncs
// until an operator removes it; the upstream value is kept beside it; every change of the
// overridden field, by a person or a sync, leaves a changelog entry. The override is written
// with the web SDK under the security rules, in the panel's shape (web/src/product).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteField, doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { api, idToken, seedUser } from '../../../../test-support/emulator.js';
import { signedInClient, type SignedInClient } from '../../../../test-support/client-sdk.js';
import { createTestProject, testFirestore, testWarehouse, waitFor } from '../../../../test-support/stack.js';

const CODE = '10437899'; // Tramontina, company 1, in the seed and in every sandbox's catalogue
const admin = seedUser('admin');
let project: string;
let token: string;
let client: SignedInClient;

const productData = async () => (await testFirestore().doc(`project/${project}/product-data/${CODE}`).get()).data()!;
const changelog = async () =>
  (await testFirestore().collection(`project/${project}/product-data-changelog`).where('field', '==', 'ProductLine').get()).docs.map((d) => d.data());
async function syncAll() {
  for (const path of [
    `/api/bling/bigquery/produtos?project=${project}&id=${CODE}`,
    `/api/tramontina/webservice/products/1/${CODE}?project=${project}`,
    `/api/tramontina/firestore/products/${CODE}?project=${project}`,
  ]) {
    const { status, json } = await api(path, { token });
    expect(status, `${path}: ${JSON.stringify(json)}`).toBe(200);
  }
}
/** The manufacturer now gives another line: its warehouse row changed, as a sync of a changed catalogue would leave it. */
async function upstreamLineBecomes(line: string) {
  const warehouse = testWarehouse();
  const row = (await warehouse.get('tramontina_products', { project, id: CODE }))!;
  const data = row.data as { product: Record<string, unknown> };
  await warehouse.upsert('tramontina_products', [{ ...row, data: { ...data, product: { ...data.product, ProductLine: line } } }]);
  await warehouse.close();
}

beforeAll(async () => {
  project = await createTestProject('override', [CODE]);
  token = await idToken(admin);
  client = await signedInClient(admin, `override-${project}`);
  await syncAll();
});

afterAll(async () => {
  await client?.close();
});

describe('a reasoned override and the syncs', () => {
  let upstream: unknown;

  it('survives Bling → warehouse and warehouse → Firestore for that code', async () => {
    upstream = (await productData()).ProductLine;
    expect(upstream).toEqual(expect.any(String));
    await setDoc(
      doc(client.db, `project/${project}/product-data/${CODE}`),
      {
        ProductLine: 'Linha do operador',
        updatedAt: serverTimestamp(),
        _override: { field: 'ProductLine', about: 'Linha errada no fabricante', by: admin.uid, at: serverTimestamp() },
        _overrides: { ProductLine: { about: 'Linha errada no fabricante', by: admin.uid, at: serverTimestamp(), upstream } },
      },
      { merge: true },
    );
    await waitFor(async () => (await changelog()).length === 1, 30_000, 'the override entry');
    await syncAll();
    expect((await productData()).ProductLine).toBe('Linha do operador');
  });

  it('keeps the override when upstream changes, records the new upstream value and logs the change', async () => {
    await upstreamLineBecomes('Linha nova do fabricante');
    const { status } = await api(`/api/tramontina/firestore/products/${CODE}?project=${project}`, { token });
    expect(status).toBe(200);
    const data = await productData();
    expect(data.ProductLine).toBe('Linha do operador');
    expect(data._overrides.ProductLine).toMatchObject({ about: 'Linha errada no fabricante', upstream: 'Linha nova do fabricante' });
    const entries = await changelog();
    expect(entries).toHaveLength(2);
    expect(entries).toContainEqual(
      expect.objectContaining({ from: upstream, to: 'Linha nova do fabricante', kind: 'upstream', createdBy: expect.objectContaining({ id: 'sync' }) }),
    );
    // The same data again changes and logs nothing.
    await api(`/api/tramontina/firestore/products/${CODE}?project=${project}`, { token });
    expect(await changelog()).toHaveLength(2);
  });

  it('ends when an operator removes it with a reason (logged); the sync then keeps the field up to date again', async () => {
    await setDoc(
      doc(client.db, `project/${project}/product-data/${CODE}`),
      {
        ProductLine: 'Linha nova do fabricante',
        updatedAt: serverTimestamp(),
        _override: { field: 'ProductLine', about: 'Fabricante corrigiu', by: admin.uid, at: serverTimestamp(), removed: true },
        _overrides: { ProductLine: deleteField() },
      },
      { merge: true },
    );
    const removal = await waitFor(async () => (await changelog()).find((e) => e.action === 'remove'), 30_000, 'the removal entry');
    expect(removal).toMatchObject({
      from: 'Linha do operador',
      to: 'Linha nova do fabricante',
      about: 'Fabricante corrigiu',
      createdBy: expect.objectContaining({ id: admin.uid }),
    });
    await upstreamLineBecomes('Linha de 2027');
    await api(`/api/tramontina/firestore/products/${CODE}?project=${project}`, { token });
    expect((await productData()).ProductLine).toBe('Linha de 2027');
  });

  it('refuses a client write that records an override of another field than it declares', async () => {
    await expect(
      setDoc(
        doc(client.db, `project/${project}/product-data/${CODE}`),
        {
          ProductLine: 'Outra',
          _override: { field: 'ProductLine', about: 'x', by: admin.uid, at: serverTimestamp() },
          _overrides: { Price: { about: 'x', by: admin.uid, at: serverTimestamp() } },
        },
        { merge: true },
      ),
    ).rejects.toThrow(/permission/i);
  });
});
