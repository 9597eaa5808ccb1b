#!/usr/bin/env node
// AI figures (issue 14), on a fresh seeded stack with the OpenAI sandbox:
//  - the assistant: the server's own time per round with the sandbox answering at once — the
//    endpoint handlers of /ai/response and /ai/tools run in this process (the same code the
//    function runs, the same Firestore emulator and sandbox), so the figure is ours, not the
//    Functions emulator's or Hosting's; the time per round through Hosting is printed beside it.
//    Goal: ≤ 50 ms per round (median);
//  - product texts: 100 codes of the combined task (the first five texts of a code in parallel,
//    as the bulk screen runs it) at concurrency 1, 5 and 10, with the sandbox answering every call
//    after LATENCY_MS — against the floor of N / LATENCY codes/s. Goal: ≥ 0.9 of the floor's rate,
//    for the server's own figure: the handler of GET /api/firestore/product-openai in this process,
//    every call in flight served by one instance as a deployed v2 function serves them (the same
//    Firestore emulator, trigger and sandbox). The same calls through Hosting are printed beside it:
//    there the Functions emulator runs one request per worker process, FUNCTION_EXECUTIONS_AT_ONCE
//    at most (scripts/lib/stack.mjs), so N = 10 (50 calls in flight) waits in its queue.
// Usage: node bench/ai.mjs (run.mjs builds first). AI_BENCH_CODES=n for a shorter run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { initializeApp, deleteApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { CACHE_DIR, HOSTING_URL, PROJECT_ID, ROOT } from '../scripts/lib/config.mjs';
import { startStack } from '../scripts/lib/stack.mjs';
import { emulatorEnv, loadSeed } from '../scripts/lib/seed.mjs';

const CODES = Number(process.env.AI_BENCH_CODES ?? 100);
const CONCURRENCIES = [1, 5, 10];
const LATENCY_MS = 300;
const ROUNDS = 40;
const ROUND_GOAL_MS = 50;
const TEXTS_GOAL = 0.9;
const COMBINED = ['title', 'description', 'sales', 'badges', 'facets'];

const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

const stateDir = mkdtempSync(join(tmpdir(), 'console-bench-ai-'));
const stack = await startStack({ stateDir, persist: false, logFile: join(CACHE_DIR, 'emulators-bench-ai.log') });
let app;
try {
  await loadSeed();
  await stack.apiWorkers;
  Object.assign(process.env, emulatorEnv());
  app = initializeApp({ projectId: PROJECT_ID }, 'bench-ai');
  const db = getFirestore(app);
  const auth = getAuth(app);

  // Users of their own: the in-process rounds, the rounds through Hosting (under the stack's
  // per-user limit of 60 a minute) and the product texts each count apart.
  /** @param {string} name */
  async function benchUser(name) {
    const email = `bench-ai-${name}-${Date.now()}@demo.test`;
    const created = await auth.createUser({ email, password: 'bench-password-1' });
    await auth.setCustomUserClaims(created.uid, { role: 'admin', projects: [] });
    const signIn = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password-1', returnSecureToken: true }),
    });
    return { uid: created.uid, email, token: (await signIn.json()).idToken };
  }
  const user = await benchUser('own');
  const email = user.email;
  const { token } = await benchUser('hosted');

  const openai = stack.sandboxes.urls.openai;
  const setLatency = async (/** @type {number} */ ms) =>
    fetch(`${openai}/__sandbox/faults`, {
      method: ms ? 'POST' : 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: ms ? JSON.stringify({ faults: [{ path: '/v1/chat/completions', latencyMs: ms }] }) : undefined,
    });

  // ---- the assistant: the handlers in-process, then through Hosting ----
  Object.assign(process.env, {
    OPENAI_BASE_URL: `${openai}/v1`,
    OPENAI_API_KEY: 'sk-sandbox-local',
    OPENAI_MODEL: 'gpt-4o-mini',
    OPENAI_TIMEOUT_SECONDS: '8',
    AI_MONTHLY_TOKEN_BUDGET: '1000000000',
    AI_USER_CALLS_PER_MINUTE: '100000',
  });
  const handlersFile = join(CACHE_DIR, 'bench-ai-handlers.mjs');
  await build({
    stdin: {
      contents:
        "export { consoleProductsAiResponse } from './functions/src/ai/console-products-ai-response.ts'; export { consoleProductsAiTools } from './functions/src/ai/console-products-ai-tools.ts'; export { handleFirestoreProductOpenai } from './functions/src/sync/firestore-product-openai.ts'; export { aiResponseRequestSchema, aiToolsRequestSchema } from './shared/src/api/ai.ts';",
      resolveDir: ROOT,
      loader: 'ts',
    },
    outfile: handlersFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@console/shared': join(ROOT, 'shared/src/index.ts') },
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const handlers = await import(pathToFileURL(handlersFile).href);
  const { consoleProductsAiResponse, consoleProductsAiTools } = handlers;

  const project = 'main';
  const document = { collection: 'product', id: '10437899' };
  const productData = (await db.doc(`project/${project}/product/${document.id}`).get()).data();
  const caller = { uid: user.uid, email, token: {}, claims: { role: 'admin', projects: [] } };
  // The first round of 'Melhore o título': the model asks for the field definitions.
  const responseBody = { project, document, product_data: productData, messages: [{ role: 'user', content: 'Melhore o título deste produto' }] };
  const toolsBody = { name: 'get_current_document', arguments: {}, document, operator_request: 'Melhore o título deste produto' };
  const parse = (/** @type {string} */ schema, /** @type {unknown} */ body) => handlers[schema].parse(body);

  await setLatency(0);
  const own = [];
  for (let i = 0; i < ROUNDS + 3; i++) {
    const t = performance.now();
    await consoleProductsAiResponse.handle({
      params: {},
      query: { project },
      body: parse('aiResponseRequestSchema', responseBody),
      caller,
      project,
      origin: null,
    });
    await consoleProductsAiTools.handle({ params: {}, query: { project }, body: parse('aiToolsRequestSchema', toolsBody), caller, project, origin: null });
    if (i >= 3) own.push(performance.now() - t); // the first rounds warm the clients up
  }
  const post = (/** @type {string} */ path, /** @type {unknown} */ body) =>
    fetch(`${HOSTING_URL}${path}?project=${project}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => {
      await r.text();
      if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
    });
  const hosted = [];
  for (let i = 0; i < ROUNDS + 3; i++) {
    const t = performance.now();
    await post('/api/console/products/ai/response', responseBody);
    await post('/api/console/products/ai/tools', toolsBody);
    if (i >= 3) hosted.push(performance.now() - t);
  }
  const ownMedian = median(own);
  console.log(
    `ai     assistant round, server's own time (response + tools, sandbox instant): median ${ownMedian.toFixed(1)} ms, p90 ${p90(own).toFixed(1)} ms ` +
      `(${(ownMedian / ROUND_GOAL_MS).toFixed(2)} of the ${ROUND_GOAL_MS} ms goal)`,
  );
  console.log(`ai     assistant round through Hosting and the Functions emulator: median ${median(hosted).toFixed(1)} ms, p90 ${p90(hosted).toFixed(1)} ms`);

  // ---- product texts: 100 codes at concurrency 1, 5, 10 ----
  const catalogue = (await db.collection(`project/main/product-data`).limit(CODES).get()).docs;
  if (catalogue.length < CODES) throw new Error(`main has ${catalogue.length} product-data documents, ${CODES} needed`);
  /** A store of its own per run, so every text is written (none 'unchanged'). */
  /**
   * @param {import('firebase-admin/firestore').QueryDocumentSnapshot[]} docs
   * @param {string} name
   */
  async function storeWith(docs, name) {
    const store = `bench-ai-${name}-${Date.now().toString(36)}`;
    const writer = db.bulkWriter();
    writer.set(db.doc(`project/${store}`), { name: store });
    for (const d of docs) {
      writer.set(db.doc(`project/${store}/product-data/${d.id}`), d.data());
      const product = await db.doc(`project/main/product/${d.id}`).get();
      if (product.exists) writer.set(db.doc(`project/${store}/product/${d.id}`), product.data());
    }
    await writer.close();
    return store;
  }
  /**
   * One text: through Hosting and the Functions emulator (`hosted`), or the endpoint's handler in
   * this process (one instance serving every call in flight, as a deployed v2 function does);
   * answers the failure, if any.
   * @param {string} store
   * @param {string} code
   * @param {string} kind
   * @param {boolean} hosted
   * @returns {Promise<string | undefined>}
   */
  async function oneText(store, code, kind, hosted) {
    if (!hosted) {
      try {
        const answer = await handlers.handleFirestoreProductOpenai({
          params: { kind, code },
          query: { project: store },
          body: undefined,
          caller,
          project: store,
          origin: null,
          rawBody: null,
          header: () => undefined,
        });
        return answer.status === 'generated' ? undefined : `${kind}/${code}: ${JSON.stringify(answer).slice(0, 120)}`;
      } catch (error) {
        return `${kind}/${code}: ${error instanceof Error ? error.message : String(error)}`;
      }
    }
    const res = await fetch(`${HOSTING_URL}/api/firestore/product-openai/${kind}/${code}?project=${store}`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    return res.ok && text.includes('"generated"') ? undefined : `${kind}/${code}: HTTP ${res.status} ${text.slice(0, 120)}`;
  }
  /**
   * The combined task for `codes` with `n` codes at a time; answers the failures.
   * @param {string} store
   * @param {string[]} codes
   * @param {number} n
   * @param {boolean} hosted
   */
  async function runTexts(store, codes, n, hosted) {
    /** @type {string[]} */
    const failures = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: n }, async () => {
        while (next < codes.length) {
          const code = codes[next++];
          const failed = await Promise.all(COMBINED.map((kind) => oneText(store, code, kind, hosted)));
          for (const failure of failed) if (failure) failures.push(failure);
        }
      }),
    );
    return failures;
  }

  await setLatency(LATENCY_MS);
  // Untimed warm-up of both ways (the clients' connections, the emulator's workers).
  for (const hosted of [false, true]) {
    await runTexts(
      await storeWith(catalogue.slice(0, 10), `warm${hosted ? 'h' : ''}`),
      catalogue.slice(0, 10).map((d) => d.id),
      10,
      hosted,
    );
  }
  for (const n of CONCURRENCIES) {
    for (const hosted of [false, true]) {
      const store = await storeWith(catalogue, `${n}${hosted ? 'h' : ''}`);
      const codes = catalogue.map((d) => d.id);
      const started = performance.now();
      const failures = await runTexts(store, codes, n, hosted);
      const way = hosted ? 'through Hosting and the Functions emulator' : "the server's own (the handler in one process)";
      if (failures.length) console.log(`ai     product texts N=${n}, ${way}: ${failures.length} calls failed, e.g. ${failures[0]}`);
      const elapsed = (performance.now() - started) / 1000;
      const achieved = codes.length / elapsed;
      const floor = n / (LATENCY_MS / 1000);
      const ratio = achieved / floor;
      const verdict = hosted ? '' : ratio >= TEXTS_GOAL ? '  (goal met)' : `  (below the ${TEXTS_GOAL} goal)`;
      console.log(
        `ai     product texts N=${String(n).padStart(2)}, ${way}: ${achieved.toFixed(2)} codes/s (5 texts each) of the floor's ${floor.toFixed(2)} ` +
          `(${codes.length} codes, sandbox ${LATENCY_MS} ms per call): ${ratio.toFixed(3)}${verdict}`,
      );
    }
  }
  await setLatency(0);
} finally {
  if (app) await deleteApp(app);
  await stack.stop();
  rmSync(stateDir, { recursive: true, force: true });
}
process.exit(0);
