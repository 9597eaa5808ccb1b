import type { DecodedIdToken, UserRecord } from 'firebase-admin/auth';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import * as logs from './logs.js';
import { HttpsError } from 'firebase-functions/v2/https';
import { canAccessProject, readAccessClaims } from '@console/shared';
import type { Caller } from '../lib/caller.js';
import type { InternalAnswer } from '../lib/router.js';
import { isPermanentFailure, syncTaskDocPath, syncTaskPayloadSchema, type SyncTaskPayload } from './pipeline/queue.js';

/** Deliveries after this many attempts are recorded as failed (the queue's retryConfig agrees). */
export const SYNC_TASK_MAX_ATTEMPTS = 5;
/** A delivery still 'running' after this long is taken as dead (past the dispatch deadline). */
const LEASE_MS = 10 * 60_000;
/** Results bigger than this are not kept in the record (Firestore documents stay small). */
const MAX_RESULT_CHARS = 8_000;

export interface SyncTaskDeps {
  firestore: Firestore;
  getUser(uid: string): Promise<UserRecord | null>;
  dispatch(method: 'GET', url: string, caller: Caller): Promise<InternalAnswer>;
  /** Queues the task again, to run at `at` (a daily limit's reset). */
  defer(task: SyncTaskPayload, at: Date): Promise<void>;
  now?: () => Date;
}

export type SyncTaskOutcome = 'done' | 'skipped' | 'refused' | 'failed' | 'invalid' | 'deferred';

/** When an answer says the work may resume (a daily limit: 429 with `resumeAt`), if it does. */
export function resumeAtOf(answer: InternalAnswer, now: Date): Date | null {
  if (answer.status !== 429) return null;
  const at = Date.parse(String((answer.body as { resumeAt?: unknown } | null)?.resumeAt ?? ''));
  return Number.isFinite(at) && at > now.getTime() ? new Date(at) : null;
}

/**
 * Runs one queued URL as the user who enqueued it. At-least-once delivery is made safe twice
 * over: every effect is an upsert keyed by code, and the record project/{p}/sync-task/{taskId}
 * marks the task done so a re-delivery does nothing. A retryable failure throws (Cloud Tasks
 * retries with backoff); a permanent one (4xx, access removed) is recorded and not retried.
 */
export async function runSyncTask(data: unknown, deps: SyncTaskDeps, delivery: { retryCount?: number } = {}): Promise<SyncTaskOutcome> {
  const now = deps.now ?? (() => new Date());
  const parsed = syncTaskPayloadSchema.safeParse(data);
  if (!parsed.success) {
    logs.syncTaskPayloadInvalid(parsed.error.issues[0]?.message);
    return 'invalid';
  }
  const task = parsed.data;
  const ref = deps.firestore.doc(syncTaskDocPath(task.project, task.taskId));
  const where = { taskId: task.taskId, project: task.project, path: new URL(task.url, 'http://internal').pathname };

  const claim = await deps.firestore.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (current && ['done', 'refused', 'failed'].includes(current.status)) return { state: 'finished' as const };
    const startedAt = current?.startedAt?.toMillis?.() ?? 0;
    // Cloud Tasks retries only once an attempt has ended: a later retry finding 'running' means
    // that attempt died mid-way and may take over. The same retry count is a duplicate delivery.
    const retry = delivery.retryCount ?? 0;
    const sameAttempt = retry <= Number(current?.retryCount ?? -1);
    if (current?.status === 'running' && sameAttempt && now().getTime() - startedAt < LEASE_MS) return { state: 'busy' as const };
    const attempts = Number(current?.attempts ?? 0) + 1;
    tx.set(
      ref,
      {
        url: task.url,
        batch: task.batch,
        uid: task.caller.uid,
        status: 'running',
        attempts,
        retryCount: retry,
        startedAt: FieldValue.serverTimestamp(),
        ...(current ? {} : { createdAt: FieldValue.serverTimestamp() }),
      },
      { merge: true },
    );
    return { state: 'claimed' as const, attempts };
  });
  if (claim.state === 'finished') {
    logs.syncTaskRedeliverySkipped(where);
    return 'skipped';
  }
  if (claim.state === 'busy') {
    // Another delivery of the same task is running: come back later rather than run it twice.
    throw new HttpsError('unavailable', 'Tarefa em execução por outra entrega.');
  }

  const finish = (status: string, fields: Record<string, unknown>) => ref.set({ status, finishedAt: FieldValue.serverTimestamp(), ...fields }, { merge: true });

  const refusal = await checkCaller(task, deps);
  if (typeof refusal === 'string') {
    await finish('refused', { error: refusal, httpStatus: 403 });
    logs.syncTaskRefused(where, refusal);
    return 'refused';
  }

  const answer = await deps.dispatch('GET', task.url, refusal);
  if (answer.status >= 200 && answer.status < 300) {
    await finish('done', { httpStatus: answer.status, result: compact(answer.body), error: FieldValue.delete() });
    logs.syncTaskDone(where, claim.attempts);
    return 'done';
  }
  const error = errorText(answer.body);
  // The upstream's daily limit (Bling's 120 000 requests): retrying before its reset only spends
  // attempts, so the task is queued again for then and the record says when it resumes.
  const resumeAt = resumeAtOf(answer, now());
  if (resumeAt) {
    await deps.defer(task, resumeAt);
    await ref.set({ status: 'deferred', httpStatus: answer.status, error, resumeAt, attempts: 0 }, { merge: true });
    logs.syncTaskDeferred(where, resumeAt.toISOString());
    return 'deferred';
  }
  if (isPermanentFailure(answer.status) || claim.attempts >= SYNC_TASK_MAX_ATTEMPTS) {
    await finish('failed', { httpStatus: answer.status, error });
    logs.syncTaskFailed(where, answer.status, error, claim.attempts);
    return 'failed';
  }
  await ref.set({ status: 'retrying', httpStatus: answer.status, error }, { merge: true });
  logs.syncTaskWillRetry(where, answer.status, error, claim.attempts);
  throw new HttpsError('unavailable', error);
}

/** The enqueuing user as a Caller, if they still may run work in the project; else why not. */
async function checkCaller(task: SyncTaskPayload, deps: SyncTaskDeps): Promise<Caller | string> {
  const user = await deps.getUser(task.caller.uid);
  if (!user) return 'Usuário não existe mais.';
  if (user.disabled) return 'Usuário desativado.';
  const revokedAt = user.tokensValidAfterTime ? Date.parse(user.tokensValidAfterTime) : 0;
  if (revokedAt > Date.parse(task.enqueuedAt)) return 'Sessões do usuário revogadas depois do envio da tarefa.';
  const claims = readAccessClaims(user.customClaims ?? null);
  if (!canAccessProject(claims, task.project)) return `Sem acesso ao projeto ${task.project}.`;
  // No ID token exists here; the endpoints read only uid, email and claims from it.
  const token = { ...(user.customClaims ?? {}), uid: user.uid, sub: user.uid, email: user.email } as unknown as DecodedIdToken;
  return { uid: user.uid, email: user.email ?? null, token, claims };
}

function errorText(body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error : 'Erro desconhecido.';
}

function compact(body: unknown): unknown {
  const text = JSON.stringify(body ?? null);
  return text.length <= MAX_RESULT_CHARS ? JSON.parse(text) : { truncated: true };
}
