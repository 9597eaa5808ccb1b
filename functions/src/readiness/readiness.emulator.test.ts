import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, serverTimestamp, setDoc } from 'firebase/firestore';
import type { ProductReadiness } from '@console/shared';
import { seedUser } from '../../../test-support/emulator.js';
import { signedInClient, type SignedInClient } from '../../../test-support/client-sdk.js';
import { testFirestore, testWarehouse, waitFor } from '../../../test-support/stack.js';
import { productImage, readyProduct } from '../../../test-support/readiness-products.js';
import { FACTS_TABLE, factsMirrorRow, factsVersion } from './facts-mirror.js';
import { factsOf } from './product-readiness.js';
import { READINESS_RUN_COLLECTION, runReadinessPage, type ReadinessTask } from './readiness-run.js';

// A store of its own per run, so the seeded stores stay as they are.
const project = `readiness-${Date.now().toString(36)}`;
const admin = seedUser('admin');
let client: SignedInClient;

const image = productImage;
/** Ready everywhere but Shopee and MadeiraMadeira (3 images) and Magalu (2 images). */
const product = (code: string) => ({ ProductCode: code, ...readyProduct(1) });

const readinessOf = async (code: string) =>
  (await testFirestore().doc(`project/${project}/product/${code}`).get()).get('readiness') as ProductReadiness | undefined;
const failuresOn = (readiness: ProductReadiness | undefined, channel: 'site' | 'magalu') => readiness?.channels[channel]?.failures.map((f) => f.reason);

beforeAll(async () => {
  client = await signedInClient(admin, 'readiness-trigger');
});

afterAll(async () => {
  await client?.close();
});

describe('readiness triggers', () => {
  it('stores a new product’s readiness with it: ready for the site, not for Magalu, and why', async () => {
    await testFirestore().doc(`project/${project}/product/10990001`).set(product('10990001'));
    const readiness = await waitFor(async () => await readinessOf('10990001'), 30_000, 'the readiness');
    expect(readiness.notReady).toEqual(['magalu', 'shopee', 'madeiramadeira']);
    expect(readiness.channels.site).toEqual({ score: 100, failures: [] });
    expect(readiness.channels.magalu!.failures).toEqual([{ rule: 'images', field: 'images', label: 'Imagens', reason: 'Adicione ao menos 2 imagens' }]);
  });

  it('recomputes when an operator overrides a field and when the catalogue changes', async () => {
    // An override as the panel writes it (firestore.rules let it touch the field and its mark).
    await setDoc(
      doc(client.db, `project/${project}/product-data/10990001`),
      {
        NCMCode: '8215.20.99',
        updatedAt: serverTimestamp(),
        _override: { field: 'NCMCode', about: 'NCM do fornecedor', by: admin.uid, at: serverTimestamp() },
      },
      { merge: true },
    );
    const overridden = await waitFor(
      async () => {
        const readiness = await readinessOf('10990001');
        return readiness?.notReady.includes('site') ? readiness : undefined;
      },
      30_000,
      'the override’s readiness',
    );
    expect(failuresOn(overridden, 'site')).toEqual(['NCM fora da tabela NCM vigente da Receita Federal']);

    await testFirestore()
      .doc(`project/${project}/product/10990001`)
      .update({ images: [image(1), image(2)] });
    const withImages = await waitFor(
      async () => {
        const readiness = await readinessOf('10990001');
        return readiness && !readiness.channels.magalu!.failures.some((f) => f.rule === 'images') ? readiness : undefined;
      },
      30_000,
      'the second image counted',
    );
    expect(failuresOn(withImages, 'magalu')).toEqual(['NCM fora da tabela NCM vigente da Receita Federal']);
  });

  it('re-evaluates every product in the background when the store’s rules change, with progress', async () => {
    const codes = ['10990002', '10990003', '10990004'];
    for (const code of codes) await testFirestore().doc(`project/${project}/product/${code}`).set(product(code));
    await waitFor(async () => ((await Promise.all(codes.map(readinessOf))).every(Boolean) ? true : undefined), 30_000, 'first readiness');

    // Magalu now asks for one image only (the settings screen 'Prontidão por canal').
    await testFirestore()
      .doc(`project/${project}/config/readiness`)
      .set({ magalu: { minImages: 1 } });
    const run = await waitFor(
      async () => {
        const runs = await testFirestore().collection(`project/${project}/${READINESS_RUN_COLLECTION}`).where('status', '==', 'done').get();
        return runs.empty ? undefined : runs.docs[0]!.data();
      },
      60_000,
      'the run to finish',
    );
    expect(run).toMatchObject({ total: 4, done: 4, status: 'done' });
    // Each product evaluated once: by the warehouse where its facts row was as fresh as the documents, else in the function.
    expect((run.evaluatedBy?.warehouse ?? 0) + (run.evaluatedBy?.function ?? 0)).toBe(4);
    // The catalogue's tally: 3 images for Shopee and MadeiraMadeira; the first product's NCM override.
    expect(run.summary).toMatchObject({
      site: { notReady: 1, rules: { ncm: 1 } },
      magalu: { notReady: 1, rules: { ncm: 1 } },
      shopee: { notReady: 4, rules: { images: 4, ncm: 1 } },
    });
    for (const code of codes) expect((await readinessOf(code))!.notReady).toEqual(['shopee', 'madeiramadeira']);
  });

  it("evaluates a run's page in the warehouse, over the facts rows as fresh as the documents, and in the function otherwise", async () => {
    const codes = ['10990001', '10990002', '10990003', '10990004'];
    const warehouse = testWarehouse();
    try {
      // The triggers of the earlier writes first: a facts row they write late (seen on a loaded
      // machine, three lanes) would put back the row this test removes below.
      await waitFor(
        async () => {
          for (const code of codes) {
            const [product, data] = await Promise.all([
              testFirestore().doc(`project/${project}/product/${code}`).get(),
              testFirestore().doc(`project/${project}/product-data/${code}`).get(),
            ]);
            const row = await warehouse.get(FACTS_TABLE, { project, id: code });
            if (!row || Number(row.update_time_us) !== factsVersion(product, data)) return undefined;
          }
          return true;
        },
        60_000,
        'the facts rows of the documents as they are',
      );
      // Facts rows with no title, at the version of the documents as they are now: only the
      // warehouse's evaluation can fail the title rule (every product has one in Firestore). The
      // last product has no row: it is evaluated in the function.
      const rows = [];
      for (const code of codes.slice(0, 3)) {
        const [product, data] = await Promise.all([
          testFirestore().doc(`project/${project}/product/${code}`).get(),
          testFirestore().doc(`project/${project}/product-data/${code}`).get(),
        ]);
        rows.push(factsMirrorRow(project, code, { ...factsOf(product, data)!, title: null }, factsVersion(product, data)));
      }
      await warehouse.mirror(FACTS_TABLE, rows, { sameVersionToo: true });
      await warehouse.remove(FACTS_TABLE, { project, id: codes[3]! });
      const runRef = testFirestore().collection(`project/${project}/${READINESS_RUN_COLLECTION}`).doc('run-warehouse');
      await runRef.set({ status: 'running', version: 'x', total: 4, done: 0, written: 0, cursor: null });
      await runReadinessPage(testFirestore(), { projectId: project, runId: 'run-warehouse', cursor: null }, async () => undefined, warehouse);
      const run = (await runRef.get()).data()!;
      expect(run).toMatchObject({ status: 'done', done: 4, evaluatedBy: { warehouse: 3, function: 1 } });
      // The tally counts what each product was evaluated as: the warehouse's three without a title.
      expect(run.summary.site.rules.title).toBe(3);
      // The missing row was written from the documents, so the next run reads it from the warehouse.
      const [product, data] = await Promise.all([
        testFirestore().doc(`project/${project}/product/${codes[3]}`).get(),
        testFirestore().doc(`project/${project}/product-data/${codes[3]}`).get(),
      ]);
      const stored = await warehouse.get(FACTS_TABLE, { project, id: codes[3]! });
      expect(Number(stored!.update_time_us)).toBe(factsVersion(product, data));
      expect(stored!.title).not.toBeNull();
    } finally {
      await warehouse.close();
    }
  });

  it('writes each product once per run: a page delivered twice is done once', async () => {
    const runRef = testFirestore().collection(`project/${project}/${READINESS_RUN_COLLECTION}`).doc('run-twice');
    await runRef.set({ status: 'running', version: 'x', total: 4, done: 0, written: 0, cursor: null });
    // Stale results on every product, so the page has something to write.
    for (const code of ['10990001', '10990002', '10990003', '10990004']) {
      await testFirestore().doc(`project/${project}/product/${code}`).update({ 'readiness.version': 'stale' });
    }
    const queued: ReadinessTask[] = [];
    const task: ReadinessTask = { projectId: project, runId: 'run-twice', cursor: null };
    const warehouse = testWarehouse();
    await Promise.all([
      runReadinessPage(testFirestore(), task, async (t) => void queued.push(t), warehouse),
      runReadinessPage(testFirestore(), task, async (t) => void queued.push(t), warehouse),
    ]).finally(() => warehouse.close());
    const stored = (await runRef.get()).data()!;
    expect(stored).toMatchObject({ status: 'done', done: 4, cursor: '10990004' });
    // The triggers may rewrite a product too; the run itself counted each product once.
    expect(stored.written).toBeLessThanOrEqual(4);
    expect(queued).toEqual([]);
  });
});
