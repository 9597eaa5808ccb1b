import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, serverTimestamp, setDoc } from 'firebase/firestore';
import type { ProductReadiness } from '@console/shared';
import { seedUser } from '../../../test-support/emulator.js';
import { signedInClient, type SignedInClient } from '../../../test-support/client-sdk.js';
import { testFirestore, waitFor } from '../../../test-support/stack.js';
import { productImage, readyProduct } from '../../../test-support/readiness-products.js';
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
    // The catalogue's tally: 3 images for Shopee and MadeiraMadeira; the first product's NCM override.
    expect(run.summary).toMatchObject({
      site: { notReady: 1, rules: { ncm: 1 } },
      magalu: { notReady: 1, rules: { ncm: 1 } },
      shopee: { notReady: 4, rules: { images: 4, ncm: 1 } },
    });
    for (const code of codes) expect((await readinessOf(code))!.notReady).toEqual(['shopee', 'madeiramadeira']);
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
    await Promise.all([
      runReadinessPage(testFirestore(), task, async (t) => void queued.push(t)),
      runReadinessPage(testFirestore(), task, async (t) => void queued.push(t)),
    ]);
    const stored = (await runRef.get()).data()!;
    expect(stored).toMatchObject({ status: 'done', done: 4, cursor: '10990004' });
    // The triggers may rewrite a product too; the run itself counted each product once.
    expect(stored.written).toBeLessThanOrEqual(4);
    expect(queued).toEqual([]);
  });
});
