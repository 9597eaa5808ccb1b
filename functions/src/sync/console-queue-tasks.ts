import { consoleQueueTasksEndpoint, matchWorkerUrl } from '@console/shared';
import pLimit from 'p-limit';
import { REGION } from '../config.js';
import { adminFunctions } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { ApiError, forbidden } from '../lib/api-error.js';
import { requireProjectAccess } from '../lib/caller.js';
import { SYNC_TASK_FUNCTION, defaultBatch, normaliseQueuedUrl, syncTaskId, type SyncTaskPayload } from './pipeline/queue.js';

/** Cloud Tasks takes one task per call; a few calls at once keep a 500-URL list quick. */
const ENQUEUE_CONCURRENCY = 10;

/** Exactly the URLs the worker descriptors build (shared/src/api/workers.ts). */
const isWorkerUrl = (url: string) => matchWorkerUrl(url) !== null;

/** The project a list names: ?project=, else the project parameter of its first URL. */
function projectOf(query: { project?: string }, urls: string[]): string | undefined {
  if (query.project) return query.project;
  try {
    return new URL(urls[0] ?? '', 'http://relative.invalid').searchParams.get('project') ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * POST /api/console/queue/tasks[?project] — {urls, batch?}: one task per worker URL on the
 * syncTask queue, run as the caller. The project is ?project= or the URLs' own (the body alone,
 * as document 1 §7 sends it, is enough); the caller must have access to it. Every URL must be a
 * URL a worker descriptor builds, for that project (else 400, nothing enqueued). Task ids are
 * deterministic per (project, batch, URL): a URL already queued in the batch (default: today) is
 * reported as a duplicate, not run twice.
 */
export const handleConsoleQueueTasks: Handler<typeof consoleQueueTasksEndpoint> = async ({ query, body, caller, origin }) => {
  const project = requireProjectAccess(caller, projectOf(query, body.urls));
  // Access to a project implies claims; the task runs with them.
  const { claims } = caller;
  if (!claims) throw forbidden(project);
  const batch = body.batch ?? defaultBatch();
  const tasks = body.urls.map((raw, index) => {
    const checked = normaliseQueuedUrl(raw, { project, origin, isWorkerUrl });
    if (!checked.ok) throw new ApiError(400, `Requisição inválida: urls.${index}: ${checked.reason}.`);
    return { url: checked.url, id: syncTaskId(project, checked.url, batch) };
  });

  const queue = adminFunctions.taskQueue<SyncTaskPayload>(`locations/${REGION}/functions/${SYNC_TASK_FUNCTION}`);
  const enqueuedAt = new Date().toISOString();
  const limit = pLimit(ENQUEUE_CONCURRENCY);
  const seen = new Set<string>();
  const results = await Promise.all(
    tasks.map((task) =>
      limit(async () => {
        if (seen.has(task.id)) return { ...task, state: 'duplicate' as const };
        seen.add(task.id);
        const payload: SyncTaskPayload = {
          taskId: task.id,
          project,
          url: task.url,
          batch,
          caller: { uid: caller.uid, email: caller.email, claims },
          enqueuedAt,
        };
        try {
          await queue.enqueue(payload, { id: task.id, dispatchDeadlineSeconds: 600 });
          return { ...task, state: 'enqueued' as const };
        } catch (error) {
          if ((error as { code?: string }).code === 'functions/task-already-exists') return { ...task, state: 'duplicate' as const };
          throw new ApiError(
            502,
            `Fila de tarefas: não foi possível enfileirar (${(error as Error).message}). Reenvie: as URLs já enfileiradas não se repetem.`,
          );
        }
      }),
    ),
  );
  return {
    ok: true,
    batch,
    enqueued: results.filter((r) => r.state === 'enqueued').length,
    duplicates: results.filter((r) => r.state === 'duplicate').length,
    tasks: results,
  };
};

export const consoleQueueTasks = serve(consoleQueueTasksEndpoint, handleConsoleQueueTasks);
