// Helpers for the sync emulator tests (functions/src/**/*.emulator.test.ts): the Admin SDK on the
// test stack's emulators, the local warehouse file the functions write, the sandboxes' fault
// switch, and the functions emulator's own URL for the task queue function.
import { readFileSync } from 'node:fs';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { duckDbPath, localWarehouse } from '../functions/src/warehouse/index.js';

const PROJECT_ID = process.env.GCLOUD_PROJECT ?? 'demo-console';

function testApp(): App {
  return getApps().find((a) => a.name === 'sync-tests') ?? initializeApp({ projectId: PROJECT_ID }, 'sync-tests');
}

export const testFirestore = () => getFirestore(testApp());
export const testAuth = () => getAuth(testApp());

/** The local warehouse the functions emulator writes (same path rule and server as the functions). */
export const testWarehouse = () => localWarehouse(duckDbPath());

/** Sandbox base URLs by name, as the test runner passes them (SANDBOX_URLS, JSON). */
export function sandboxUrls(): Record<string, string> {
  return JSON.parse(process.env.SANDBOX_URLS ?? '{}') as Record<string, string>;
}

/** Switches faults on a sandbox (POST {sandbox}/__sandbox/faults, sandboxes/src/faults.ts); none clears them. */
export async function setSandboxFaults(sandboxUrl: string, ...faults: Record<string, unknown>[]): Promise<void> {
  const res = await fetch(`${new URL(sandboxUrl).origin}/__sandbox/faults`, {
    method: faults.length ? 'POST' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: faults.length ? JSON.stringify({ faults }) : undefined,
  });
  if (!res.ok) throw new Error(`sandbox faults: HTTP ${res.status} ${await res.text()}`);
}

/** The functions emulator's port, shifted like the rest of the test stack (CONSOLE_PORT_OFFSET). */
function functionsPort(): number {
  const config = JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as {
    emulators: { functions: { port: number } };
  };
  return config.emulators.functions.port + Number(process.env.CONSOLE_PORT_OFFSET || 0);
}

/** Delivers a payload to the task-queue function directly, as Cloud Tasks would (a re-delivery). */
export async function deliverTask(functionName: string, data: unknown, taskName = 'manual'): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${functionsPort()}/${PROJECT_ID}/southamerica-east1/${functionName}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-CloudTasks-TaskName': taskName, 'X-CloudTasks-QueueName': functionName },
    body: JSON.stringify({ data }),
  });
  await res.text();
  return res.status;
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(check: () => Promise<T | undefined | false>, timeoutMs = 60_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The requests a sandbox logged (GET /__sandbox/requests), optionally only those whose path starts with `path`. */
export async function sandboxRequests(sandboxUrl: string, path?: string): Promise<{ method: string; path: string; status: number | null }[]> {
  const url = new URL('/__sandbox/requests', new URL(sandboxUrl).origin);
  if (path) url.searchParams.set('path', path);
  const res = await fetch(url);
  return ((await res.json()) as { requests: { method: string; path: string; status: number | null }[] }).requests;
}

/**
 * A store project of its own for a test file, with main's upstream configuration and the given
 * main products copied in: the warehouse file outlives the emulators, and the seeded stores stay
 * as the other tests expect them.
 */
export async function createTestProject(prefix: string, products: string[] = []): Promise<string> {
  const project = `${prefix}-${Date.now().toString(36)}`;
  const db = testFirestore();
  const batch = db.batch();
  batch.set(db.doc(`project/${project}`), { name: `Teste ${project}` });
  for (const path of ['config/bling', 'config/tramontina', ...products.flatMap((c) => [`product/${c}`, `product-data/${c}`])]) {
    const source = await db.doc(`project/main/${path}`).get();
    if (!source.exists) continue;
    // Not the mark of the last override an earlier file made on 'main' (`_override`, one write's
    // signature): merged into this project's first override, its `removed: true` made it a removal.
    const { _override: _mark, ...data } = source.data()!;
    batch.set(db.doc(`project/${project}/${path}`), data);
  }
  await batch.commit();
  return project;
}
