import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { onTaskDispatched } from 'firebase-functions/v2/tasks';
import { REGION } from '../config.js';
import { adminFunctions, firestore } from '../lib/admin.js';
import type { ReadinessTask } from './readiness-run.js';

// The rules and the NCM table load on a trigger's first call, not in every function's worker.
const readiness = () => import('./product-readiness.js');
const run = () => import('./readiness-run.js');
/** Kept here (not imported) so the static path names no module with the table. */
const READINESS_TASK_FUNCTION = 'readinessTask';

/** Queues a page of a readiness run; its id makes a second queueing of the same page a no-op. */
async function enqueueReadinessTask(task: ReadinessTask): Promise<void> {
  const id = `${task.projectId}-${task.runId}-${Buffer.from(task.cursor ?? '').toString('hex')}`.slice(0, 480);
  await adminFunctions
    .taskQueue(`locations/${REGION}/functions/${READINESS_TASK_FUNCTION}`)
    .enqueue(task, { id, dispatchDeadlineSeconds: 300 })
    .catch((error: { code?: string }) => {
      if (error?.code !== 'functions/task-already-exists') throw error;
    });
}

/** product/{code} written (an edit, a sync, a CSV import) → its readiness, stored with it. */
export const productReadiness = onDocumentWritten({ document: 'project/{projectId}/product/{code}', region: REGION }, async (event) => {
  if (!event.data?.after.exists) return;
  await (await readiness()).refreshProductReadiness(firestore, event.params.projectId, event.params.code);
});

/** product-data/{code} written (synced values, an override or its removal) → the product's readiness. */
export const productDataReadiness = onDocumentWritten({ document: 'project/{projectId}/product-data/{code}', region: REGION }, async (event) => {
  await (await readiness()).refreshProductReadiness(firestore, event.params.projectId, event.params.code);
});

/** The store's rules changed (config/readiness) → every product re-evaluated in the background. */
export const readinessRulesChanged = onDocumentWritten({ document: 'project/{projectId}/config/readiness', region: REGION }, async (event) => {
  await (await run()).startReadinessRun(firestore, event.params.projectId, enqueueReadinessTask);
});

/** One page of a readiness run (readiness-run.ts). */
export const readinessTask = onTaskDispatched(
  {
    region: REGION,
    memory: '512MiB',
    timeoutSeconds: 300,
    retryConfig: { maxAttempts: 5, minBackoffSeconds: 10, maxBackoffSeconds: 120 },
    rateLimits: { maxConcurrentDispatches: 2 },
  },
  async (request) => {
    const { readinessTaskSchema, runReadinessPage } = await run();
    await runReadinessPage(firestore, readinessTaskSchema.parse(request.data), enqueueReadinessTask);
  },
);
