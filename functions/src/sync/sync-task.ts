import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { OPENAI_API_KEY, REGION } from '../config.js';
import type { createInternalDispatcher } from '../lib/router.js';
import type * as Admin from '../lib/admin.js';
import { SYNC_TASK_MAX_ATTEMPTS, runSyncTask } from './run-sync-task.js';
import { SYNC_TASK_FUNCTION } from './pipeline/queue.js';

/**
 * The worker endpoints and the Admin SDK, imported on the first task: every function's worker
 * loads this module (functions/lib/index.js), and only this one runs tasks.
 */
let loaded: Promise<{ dispatch: ReturnType<typeof createInternalDispatcher>; admin: typeof Admin }> | undefined;
const loadWorkers = () =>
  (loaded ??= Promise.all([import('../lib/router.js'), import('./workers.js'), import('../lib/admin.js')]).then(([router, workers, admin]) => ({
    dispatch: router.createInternalDispatcher(workers.workerEndpoints),
    admin,
  })));

/**
 * The sync task queue: POST /api/console/queue/tasks enqueues one task per worker URL; each
 * runs here in-process against the same endpoint handler, as the user who enqueued it.
 */
export const syncTask = onTaskDispatched(
  {
    region: REGION,
    memory: '512MiB',
    timeoutSeconds: 540,
    retryConfig: {
      maxAttempts: SYNC_TASK_MAX_ATTEMPTS,
      // 429 and 5xx of an upstream usually clear in seconds to minutes.
      minBackoffSeconds: 10,
      maxBackoffSeconds: 300,
      maxDoublings: 4,
    },
    // Well under Cloud Tasks' 500/s: the upstreams are the limit (Bling allows 3 requests/s per
    // account, and its client paces each account), so a burst of queued URLs must not stampede them.
    rateLimits: { maxConcurrentDispatches: 6, maxDispatchesPerSecond: 5 },
    // The product-openai worker URLs call OpenAI.
    secrets: [OPENAI_API_KEY],
  },
  async (request) => {
    const { dispatch, admin } = await loadWorkers();
    const { adminAuth, firestore } = admin;
    await runSyncTask(
      request.data,
      {
        firestore,
        getUser: (uid) =>
          adminAuth.getUser(uid).catch((error: { code?: string }) => {
            if (error?.code === 'auth/user-not-found') return null;
            throw error;
          }),
        dispatch,
        // A deferred task is queued again under an id of its own (Cloud Tasks refuses a name used
        // within the hour), with the same payload: the same record, found 'deferred', is resumed.
        // Deferred twice to the same reset (a re-delivery meanwhile), it is queued once.
        defer: (task, at) =>
          admin.adminFunctions
            .taskQueue(`locations/${REGION}/functions/${SYNC_TASK_FUNCTION}`)
            .enqueue(task, { id: `${task.taskId}-${at.getTime()}`, scheduleTime: at, dispatchDeadlineSeconds: 600 })
            .catch((error: { code?: string }) => {
              if (error?.code !== 'functions/task-already-exists') throw error;
            }),
      },
      { retryCount: request.retryCount },
    );
  },
);
