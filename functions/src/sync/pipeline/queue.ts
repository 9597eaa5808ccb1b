import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PROJECT_COLLECTION, accessClaimsSchema } from '@console/shared';

/** The task-queue function (functions/src/sync/sync-task.ts) and its Cloud Tasks resource. */
export const SYNC_TASK_FUNCTION = 'syncTask';
/** Done task ids, per project: re-deliveries of a finished task are skipped. */
export const SYNC_TASK_COLLECTION = 'sync-task';

/** What a queued task carries: the URL to run and who asked for it. */
export const syncTaskPayloadSchema = z.object({
  taskId: z.string().min(1),
  project: z.string().min(1),
  /** Path and query of one worker endpoint (project included), e.g. /api/bling/bigquery/produtos?id=…&project=main. */
  url: z.string().startsWith('/api/'),
  batch: z.string(),
  /** The enqueuing user, re-checked when the task runs (access may have been removed since). */
  caller: z.object({ uid: z.string().min(1), email: z.string().nullable(), claims: accessClaimsSchema }),
  enqueuedAt: z.string(),
});
export type SyncTaskPayload = z.infer<typeof syncTaskPayloadSchema>;

export type QueuedUrl = { ok: true; url: string } | { ok: false; reason: string };

/**
 * Checks one URL of POST /api/console/queue/tasks and puts it in canonical form (path plus sorted
 * query, project set), so the same work always gets the same task id. Accepted: a path, or an
 * absolute URL on the host the request came to; a URL a worker descriptor builds (`isWorkerUrl`:
 * path, params and query parsed with its schemas); the request's project (added when the URL
 * names none).
 */
export function normaliseQueuedUrl(
  raw: string,
  { project, origin, isWorkerUrl }: { project: string; origin: string | null; isWorkerUrl: (url: string) => boolean },
): QueuedUrl {
  let url: URL;
  try {
    url = new URL(raw, 'http://relative.invalid');
  } catch {
    return { ok: false, reason: 'URL inválida' };
  }
  const absolute = url.host !== 'relative.invalid';
  if (absolute) {
    const ownHost = origin ? new URL(origin).host : null;
    if (!ownHost || url.host !== ownHost) return { ok: false, reason: 'URL de outro servidor' };
  }
  const named = url.searchParams.getAll('project');
  // Checked as it will run: with the project it names, or the request's.
  const asRun = new URLSearchParams(url.searchParams);
  if (named.length === 0) asRun.set('project', project);
  if (!isWorkerUrl(`${url.pathname}?${asRun.toString()}`)) return { ok: false, reason: 'não é uma tarefa de sincronização' };
  if (named.length > 1 || (named.length === 1 && named[0] !== project)) return { ok: false, reason: `URL de outro projeto (esperado ${project})` };
  url.searchParams.set('project', project);
  url.searchParams.sort();
  return { ok: true, url: `${url.pathname}?${url.searchParams.toString()}` };
}

/**
 * Deterministic task id: the same URL of the same project in the same batch is one task, so
 * resubmitting a list (or a retried request) never doubles the work. Without a batch id, the
 * day (UTC) is the batch. Hex of SHA-256: Cloud Tasks ids allow [A-Za-z0-9_-], and a spread-out
 * prefix avoids hot key ranges in the queue.
 */
export function syncTaskId(project: string, url: string, batch: string): string {
  return createHash('sha256').update(`${project}\n${batch}\n${url}`).digest('hex').slice(0, 40);
}

export function defaultBatch(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function syncTaskDocPath(project: string, taskId: string): string {
  return `${PROJECT_COLLECTION}/${project}/${SYNC_TASK_COLLECTION}/${taskId}`;
}

/** An answer of the worker endpoint that will not change by trying again (bad URL, no access, not found). */
export function isPermanentFailure(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 409 && status !== 429;
}
