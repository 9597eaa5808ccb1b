import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { UserRecord } from 'firebase-admin/auth';
import { describe, expect, it, vi } from 'vitest';
import type { InternalAnswer } from '../lib/router.js';
import type { SyncTaskPayload } from './pipeline/queue.js';
import { runSyncTask, type SyncTaskDeps } from './run-sync-task.js';

vi.mock('firebase-functions', () => ({ logger: { write() {} } }));

/** Just enough Firestore for the task records: doc get/set (merge) and transactions. */
function fakeFirestore() {
  const docs = new Map<string, Record<string, unknown>>();
  const resolve = (data: Record<string, unknown>, previous: Record<string, unknown> = {}) => {
    const next = { ...previous };
    for (const [key, value] of Object.entries(data)) {
      if (value instanceof FieldValue && value.isEqual(FieldValue.delete())) delete next[key];
      else if (value instanceof FieldValue) next[key] = Timestamp.now();
      else next[key] = value;
    }
    return next;
  };
  const ref = (path: string) => ({
    path,
    get: async () => ({ data: () => docs.get(path) }),
    set: async (data: Record<string, unknown>) => void docs.set(path, resolve(data, docs.get(path))),
  });
  const firestore = {
    doc: ref,
    runTransaction: async <T>(fn: (tx: unknown) => Promise<T>) =>
      fn({
        get: (r: { get: () => unknown }) => r.get(),
        set: (r: { path: string }, data: Record<string, unknown>) => docs.set(r.path, resolve(data, docs.get(r.path))),
      }),
  } as unknown as Firestore;
  return { firestore, docs };
}

const payload: SyncTaskPayload = {
  taskId: 't1',
  project: 'main',
  url: '/api/bling/bigquery/produtos?id=1&project=main',
  batch: 'b',
  caller: { uid: 'u1', email: 'a@b.test', claims: { role: 'staff', projects: ['main'] } },
  enqueuedAt: '2026-11-22T10:00:00.000Z',
};
const user = (over: Partial<UserRecord> = {}) =>
  ({ uid: 'u1', email: 'a@b.test', disabled: false, customClaims: { role: 'staff', projects: ['main'] }, ...over }) as UserRecord;

function setup(answers: InternalAnswer[], who: UserRecord | null = user()) {
  const { firestore, docs } = fakeFirestore();
  const dispatch = vi.fn(async () => answers.shift()!);
  const deferred: { taskId: string; at: Date }[] = [];
  const deps: SyncTaskDeps = { firestore, getUser: async () => who, dispatch, defer: async (task, at) => void deferred.push({ taskId: task.taskId, at }) };
  return { deps, dispatch, deferred, record: () => docs.get('project/main/sync-task/t1') };
}

describe('a queued sync task', () => {
  it("meeting an upstream's daily limit is queued again for its reset, not retried", async () => {
    const resumeAt = '2026-11-23T03:00:00.000Z';
    const message =
      'Bling: limite diário de 120.000 requisições da conta "Conta Principal" atingido; a sincronização continua em 23/11/2026 às 00:00 (horário de Brasília).';
    const { deps, dispatch, deferred, record } = setup([{ status: 429, body: { error: message, resumeAt } }]);
    deps.now = () => new Date('2026-11-22T15:00:00.000Z');
    expect(await runSyncTask(payload, deps)).toBe('deferred');
    expect(dispatch).toHaveBeenCalledTimes(1);
    expect(deferred).toEqual([{ taskId: 't1', at: new Date(resumeAt) }]);
    expect(record()).toMatchObject({ status: 'deferred', error: message, resumeAt: new Date(resumeAt), attempts: 0 });
  });

  it('retries a 429 that names no reset (or one already past) as any transient failure', async () => {
    const { deps, deferred, record } = setup([{ status: 429, body: { error: 'Bling: limite de requisições excedido (HTTP 429)' } }]);
    await expect(runSyncTask(payload, deps)).rejects.toThrow('limite de requisições');
    expect(deferred).toEqual([]);
    expect(record()).toMatchObject({ status: 'retrying' });
  });

  it('runs once as the enqueuing user and skips a re-delivery', async () => {
    const { deps, dispatch, record } = setup([{ status: 200, body: { ok: true } }]);
    expect(await runSyncTask(payload, deps)).toBe('done');
    expect(dispatch).toHaveBeenCalledWith('GET', payload.url, expect.objectContaining({ uid: 'u1', claims: { role: 'staff', projects: ['main'] } }));
    expect(record()).toMatchObject({ status: 'done', attempts: 1, result: { ok: true } });
    expect(await runSyncTask(payload, deps)).toBe('skipped');
    expect(dispatch).toHaveBeenCalledTimes(1);
  });

  it('throws on a transient failure (so the queue retries), then succeeds', async () => {
    const { deps, record } = setup([
      { status: 502, body: { error: 'Bling: erro no servidor (HTTP 503)' } },
      { status: 200, body: { ok: true } },
    ]);
    await expect(runSyncTask(payload, deps)).rejects.toThrow('Bling: erro no servidor');
    expect(record()).toMatchObject({ status: 'retrying', attempts: 1, error: 'Bling: erro no servidor (HTTP 503)' });
    expect(await runSyncTask(payload, deps, { retryCount: 1 })).toBe('done');
    expect(record()).toMatchObject({ status: 'done', attempts: 2 });
    expect(record()!.error).toBeUndefined();
  });

  it('records a permanent failure without retrying', async () => {
    const { deps, record } = setup([{ status: 404, body: { error: 'Produto não encontrado.' } }]);
    expect(await runSyncTask(payload, deps)).toBe('failed');
    expect(record()).toMatchObject({ status: 'failed', httpStatus: 404, error: 'Produto não encontrado.' });
  });

  it.each([
    ['deleted', null, 'Usuário não existe mais.'],
    ['disabled', user({ disabled: true }), 'Usuário desativado.'],
    ['signed out everywhere after enqueuing', user({ tokensValidAfterTime: 'Sun, 22 Nov 2026 11:00:00 GMT' }), /revogadas/],
    ['removed from the project', user({ customClaims: { role: 'staff', projects: ['cookstore'] } }), 'Sem acesso ao projeto main.'],
  ] as const)('refuses to run for a user %s', async (_, who, reason) => {
    const { deps, dispatch, record } = setup([], who);
    expect(await runSyncTask(payload, deps)).toBe('refused');
    expect(dispatch).not.toHaveBeenCalled();
    expect(record()!.error).toMatch(reason);
  });

  it('leaves a running delivery alone, but a later retry takes over a dead one', async () => {
    const { deps, dispatch, record } = setup([{ status: 200, body: { ok: true } }]);
    await deps.firestore.doc('project/main/sync-task/t1').set({ status: 'running', attempts: 1, retryCount: 0, startedAt: Timestamp.now() });
    await expect(runSyncTask(payload, deps, { retryCount: 0 })).rejects.toThrow(/em execução/);
    expect(dispatch).not.toHaveBeenCalled();
    expect(await runSyncTask(payload, deps, { retryCount: 1 })).toBe('done');
    expect(record()).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('drops a payload it cannot read', async () => {
    const { deps } = setup([]);
    expect(await runSyncTask({ url: 'https://evil.test' }, deps)).toBe('invalid');
  });
});
