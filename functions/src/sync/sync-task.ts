import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { OPENAI_API_KEY, REGION } from '../config.js';
import { adminAuth, firestore } from '../lib/admin.js';
import { createInternalDispatcher } from '../lib/router.js';
import { workerEndpoints } from './workers.js';
import { SYNC_TASK_MAX_ATTEMPTS, runSyncTask } from './run-sync-task.js';

const dispatch = createInternalDispatcher(workerEndpoints);

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
      },
      { retryCount: request.retryCount },
    );
  },
);
