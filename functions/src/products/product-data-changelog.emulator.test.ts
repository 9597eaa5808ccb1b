import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doc, serverTimestamp, setDoc } from 'firebase/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { seedUser } from '../../../test-support/emulator.js';
import { signedInClient, type SignedInClient } from '../../../test-support/client-sdk.js';
import { testAuth, testFirestore, waitFor } from '../../../test-support/stack.js';
import { CHANGELOG_COLLECTION, recordOverride } from './product-data-changelog.js';

// A store of its own per run, so the seeded stores and their history stay as they are.
const project = `changelog-${Date.now().toString(36)}`;
const code = '10990001';
const admin = seedUser('admin');
let client: SignedInClient;

const entries = async () => (await testFirestore().collection(`project/${project}/${CHANGELOG_COLLECTION}`).where('ProductCode', '==', code).get()).docs;

beforeAll(async () => {
  await testFirestore()
    .doc(`project/${project}/product/${code}`)
    .set({ ProductCode: code, Price: 99.9, PriceCompare: 99.9, Options: { canSell: true } });
  client = await signedInClient(admin, 'changelog-trigger');
});

afterAll(async () => {
  await client?.close();
});

describe('product-data-changelog trigger', () => {
  it('logs a client override with the writer as Auth knows them and the value it replaced', async () => {
    await setDoc(
      doc(client.db, `project/${project}/product-data/${code}`),
      // The list price: selling prices (Price) change through the guardrails' endpoint, not a client write.
      {
        PriceCompare: 89.9,
        updatedAt: serverTimestamp(),
        _override: { field: 'PriceCompare', about: 'Concorrente baixou', by: admin.uid, at: serverTimestamp() },
      },
      { merge: true },
    );
    // The trigger's turn comes after whatever the lane's earlier files left queued on its Functions emulator.
    const [entry] = await waitFor(async () => ((await entries()).length > 0 ? await entries() : undefined), 120_000, 'the entry');
    const user = await testAuth().getUser(admin.uid);
    expect(entry!.data()).toMatchObject({
      ProductCode: code,
      field: 'PriceCompare',
      from: 99.9,
      to: 89.9,
      about: 'Concorrente baixou',
      createdBy: { id: admin.uid, email: admin.email, displayName: user.displayName ?? null, phoneNumber: user.phoneNumber ?? null, claims: admin.claims },
    });
    expect(entry!.get('createdAt')).toBeInstanceOf(Timestamp);
  }, 180_000);

  it('logs nothing for a server-side write without a new override (the sync pipeline)', async () => {
    await testFirestore().doc(`project/${project}/product-data/${code}`).set({ Price: 79.9, PriceNet: 40 }, { merge: true });
    // Let the trigger run for that write, then for a marker override after it.
    await setDoc(
      doc(client.db, `project/${project}/product-data/${code}`),
      { Options: { canSell: false }, _override: { field: 'Options.canSell', about: 'Fora de linha', by: admin.uid, at: serverTimestamp() } },
      { merge: true },
    );
    const logged = await waitFor(async () => ((await entries()).length >= 2 ? await entries() : undefined), 120_000, 'the toggle entry');
    await new Promise((r) => setTimeout(r, 1500));
    expect((await entries()).map((e) => e.get('field')).sort()).toEqual(['Options.canSell', 'PriceCompare']);
    expect(logged.find((e) => e.get('field') === 'Options.canSell')!.data()).toMatchObject({ from: true, to: false });
  }, 180_000);

  it('writes one entry per event, however often the event is delivered', async () => {
    const at = Timestamp.now();
    const write = {
      projectId: project,
      code,
      eventId: `redelivered-${at.toMillis()}`,
      before: { Price: 79.9 },
      after: { Price: 69.9, _override: { field: 'Price', about: 'Teste', by: admin.uid, at } },
    };
    const deps = { firestore: testFirestore(), getUser: async () => null };
    expect(await recordOverride(write, deps)).toBe(true);
    expect(await recordOverride(write, deps)).toBe(false);
    const entry = await testFirestore().doc(`project/${project}/${CHANGELOG_COLLECTION}/${write.eventId}`).get();
    expect(entry.data()).toMatchObject({ from: 79.9, to: 69.9, createdBy: { id: admin.uid, email: null } });
  });
});
