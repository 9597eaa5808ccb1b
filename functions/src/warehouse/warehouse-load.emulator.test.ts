// Issue 17 point 15: the local warehouse holds fifty concurrent calls. The Functions emulator runs
// each concurrent request in a worker process of its own; they all reach the one warehouse server
// (server.ts) instead of taking turns at the DuckDB file lock. The workers are started first (fifty
// concurrent calls of a route that does not touch the warehouse): a cold start costs a second or more
// of CPU per worker, the emulator's and this machine's cost, not the warehouse's. Wall time is the
// benchmark's business (bench/warehouse-load.mjs); here every call must succeed with the right data.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { createTestProject, testFirestore } from '../../../test-support/stack.js';

const CODE = '10437899';
const CALLS = 50;
let project: string;
let token: string;

beforeAll(async () => {
  project = await createTestProject('load', [CODE]);
  token = await idToken(seedUser('admin'));
  // Synced once, as in the review: the fifty calls re-sync a code (fifty first syncs of one code would
  // also contend for one Firestore document in fifty transactions, which is not the warehouse's load).
  for (const path of [
    `/api/bling/bigquery/produtos?project=${project}&id=${CODE}`,
    `/api/tramontina/webservice/products/1/${CODE}?project=${project}`,
    `/api/tramontina/firestore/products/${CODE}?project=${project}`,
  ]) {
    expect((await api(path, { token })).status).toBe(200);
  }
  // The function's workers up (answers ignored: a cold start may outlast Hosting's proxy timeout
  // under load), through the route the stack's own warm-up calls on apiCore, which touches no data.
  // It called /api/console/me, which is apiAuth's since issue 24 split the API: 18 s of CPU
  // starting workers of a function the test never calls, and apiCore's still cold.
  for (let round = 0; round < 2; round++)
    await Promise.all(Array.from({ length: CALLS }, () => api('/api/console/products/warm-up', { token }).catch(() => null)));
}, 300_000);

describe('the local warehouse under fifty concurrent calls', () => {
  it('answers every warehouse → Firestore call for one code', async () => {
    const answers = await Promise.all(Array.from({ length: CALLS }, () => api(`/api/tramontina/firestore/products/${CODE}?project=${project}`, { token })));
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.json?.error}`)).toEqual([]);
    expect(answers.every((a) => a.json.sources.includes('tramontina_products'))).toBe(true);
    expect((await testFirestore().doc(`project/${project}/product-data/${CODE}`).get()).get('ProductCode')).toBe(CODE);
  }, 240_000);

  it('answers every manufacturer → warehouse call for one code', async () => {
    const answers = await Promise.all(Array.from({ length: CALLS }, () => api(`/api/tramontina/webservice/products/1/${CODE}?project=${project}`, { token })));
    expect(answers.filter((a) => a.status !== 200).map((a) => `${a.status} ${a.json?.error}`)).toEqual([]);
    expect(answers.every((a) => a.json.written === 1)).toBe(true);
  }, 240_000);
});
