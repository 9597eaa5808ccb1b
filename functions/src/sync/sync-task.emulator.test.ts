import { beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_URL, api, idToken, seedUser } from '../../../test-support/emulator.js';
import { SYNC_TASK_COLLECTION, SYNC_TASK_FUNCTION, syncTaskId, type SyncTaskPayload } from './pipeline/queue.js';
import { createTestProject, deliverTask, sandboxUrls, setSandboxFaults, testFirestore, testWarehouse, waitFor } from '../../../test-support/stack.js';

// A project of its own per run: the warehouse file outlives the emulators, and the seeded stores
// stay as they are for the other tests.
const project = `queue-${Date.now().toString(36)}`;
const codes = Array.from({ length: 50 }, (_, i) => `1099${String(i + 1).padStart(4, '0')}`);
const batch = `t${Date.now()}`;
const urlOf = (code: string) => `/api/tramontina/firestore/products/${code}?project=${project}`;
const admin = seedUser('admin');
let adminToken: string;
let staffToken: string;

const taskDocs = async () => (await testFirestore().collection(`project/${project}/${SYNC_TASK_COLLECTION}`).get()).docs;

beforeAll(async () => {
  [adminToken, staffToken] = await Promise.all([idToken(admin), idToken(seedUser('staff', ['main', 'cookstore']))]);
  await testWarehouse().upsert(
    'tramontina_products',
    codes.map((code, i) => ({
      project,
      id: code,
      company: '1',
      source: 'tramontina-webservice',
      fetchedAt: new Date().toISOString(),
      data: { ProductCode: code, ProductSiteName: `Produto de teste ${i + 1}`, PriceNet: 10 + i, EAN13: `78900000${String(i).padStart(5, '0')}` },
    })),
  );
});

describe('POST /api/console/queue/tasks', () => {
  it('refuses URLs that are not worker paths of this API and this project, enqueuing none', async () => {
    const post = (urls: string[], token = adminToken) =>
      api(`/api/console/queue/tasks?project=${project}`, { method: 'POST', token, body: JSON.stringify({ urls, batch: 'refused' }) });
    for (const [urls, reason] of [
      [['https://example.com/api/tramontina/firestore/products/10990001'], /outro servidor/],
      [['/api/console/me'], /não é uma tarefa/],
      [[`/api/tramontina/firestore/products/10990001?project=main`], /outro projeto/],
      [[urlOf(codes[0]!), '/api/health'], /urls\.1/],
    ] as const) {
      const { status, json } = await post([...urls]);
      expect(status).toBe(400);
      expect(json.error).toMatch(reason);
    }
    expect((await post([])).status).toBe(400);
    // A staff user of other stores may not queue work for this one.
    expect((await post([urlOf(codes[0]!)], staffToken)).status).toBe(403);
    expect(await taskDocs()).toHaveLength(0);
  });

  it('runs 50 queued URLs, each effect exactly once, and de-duplicates a resubmission', async () => {
    const { status, json } = await api(`/api/console/queue/tasks?project=${project}`, {
      method: 'POST',
      token: adminToken,
      // A URL may also be absolute, on the console's own host.
      body: JSON.stringify({ urls: codes.map((code, i) => (i === 0 ? `${CONSOLE_URL}${urlOf(code)}` : urlOf(code))), batch }),
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ ok: true, batch, enqueued: 50, duplicates: 0 });

    const done = await waitFor(
      async () => {
        const docs = await taskDocs();
        return docs.length === 50 && docs.every((d) => d.get('status') === 'done') && docs;
      },
      110_000,
      '50 sync tasks done',
    );
    // One delivery each: no task ran twice.
    expect(done.map((d) => d.get('attempts'))).toEqual(Array(50).fill(1));

    const db = testFirestore();
    const data = await db.getAll(...codes.map((c) => db.doc(`project/${project}/product-data/${c}`)));
    expect(data.map((d) => d.get('ProductSiteName'))).toEqual(codes.map((_, i) => `Produto de teste ${i + 1}`));
    expect(data.every((d) => d.get('Company') === 1 && d.get('updatedAt'))).toBe(true);
    const products = await db.getAll(...codes.map((c) => db.doc(`project/${project}/product/${c}`)));
    expect(products.every((p) => p.exists && p.get('createdAt'))).toBe(true);

    // The same list again in the same batch: nothing new is queued.
    const again = await api(`/api/console/queue/tasks?project=${project}`, {
      method: 'POST',
      token: adminToken,
      body: JSON.stringify({ urls: codes.map(urlOf), batch }),
    });
    expect(again.json).toMatchObject({ enqueued: 0, duplicates: 50 });

    // Cloud Tasks delivers at least once: a second delivery of a finished task changes nothing.
    const before = (await db.doc(`project/${project}/product-data/${codes[0]}`).get()).get('updatedAt');
    const url = `/api/tramontina/firestore/products/${codes[0]}?project=${project}`;
    const payload: SyncTaskPayload = {
      taskId: syncTaskId(project, url, batch),
      project,
      url,
      batch,
      caller: { uid: admin.uid, email: admin.email, claims: admin.claims },
      enqueuedAt: new Date().toISOString(),
    };
    expect(await deliverTask(SYNC_TASK_FUNCTION, payload)).toBeLessThan(300);
    const record = await db.doc(`project/${project}/${SYNC_TASK_COLLECTION}/${payload.taskId}`).get();
    expect(record.get('attempts')).toBe(1);
    expect((await db.doc(`project/${project}/product-data/${codes[0]}`).get()).get('updatedAt')).toEqual(before);
  });

  it('refuses to run a task for a user who no longer has access to the project', async () => {
    const staff = seedUser('staff', ['main', 'cookstore']);
    const url = `/api/tramontina/firestore/products/${codes[1]}?project=${project}`;
    // Claims captured at enqueue said the project was theirs; the user's current claims do not.
    const payload: SyncTaskPayload = {
      taskId: syncTaskId(project, url, 'revoked'),
      project,
      url,
      batch: 'revoked',
      caller: { uid: staff.uid, email: staff.email, claims: { role: 'staff', projects: [project] } },
      enqueuedAt: new Date().toISOString(),
    };
    expect(await deliverTask(SYNC_TASK_FUNCTION, payload)).toBeLessThan(300);
    const record = await testFirestore().doc(`project/${project}/${SYNC_TASK_COLLECTION}/${payload.taskId}`).get();
    expect(record.get('status')).toBe('refused');
    expect(record.get('error')).toBe(`Sem acesso ao projeto ${project}.`);
  });
});

describe('retries', () => {
  it('retries a task whose upstream failed, until it succeeds, and records both attempts', async () => {
    const bling = sandboxUrls().bling!;
    const code = '10770288';
    const blingProject = await createTestProject('retry');
    // Three 503s: the first delivery's every attempt fails; the queue's retry then succeeds.
    await setSandboxFaults(bling, { path: '*/produtos', status: 503, times: 3 });
    try {
      const url = `/api/bling/bigquery/produtos?id=${code}&project=${blingProject}`;
      // As document 1 §7 sends it: the body alone, the project in the URL.
      const { json } = await api('/api/console/queue/tasks', { method: 'POST', token: adminToken, body: JSON.stringify({ urls: [url] }) });
      expect(json.enqueued).toBe(1);
      const ref = testFirestore().doc(`project/${blingProject}/${SYNC_TASK_COLLECTION}/${json.tasks[0].id}`);
      const record = await waitFor(
        async () => {
          const snap = await ref.get();
          return snap.get('status') === 'done' && snap.data();
        },
        90_000,
        'the retried task',
      );
      expect(record.attempts).toBe(2);
      expect(await testWarehouse().get('bling_products', { project: blingProject, id: code })).toMatchObject({ data: { codigo: code } });
    } finally {
      await setSandboxFaults(bling);
    }
  }, 120_000);
});
