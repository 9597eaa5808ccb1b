import type { ServedEndpoint } from '../lib/endpoint.js';
import { consoleBlingCallback } from './console-bling-callback.js';
import { consoleBlingConnect } from './console-bling-connect.js';
import { consoleQueueTasks } from './console-queue-tasks.js';
import { consoleSyncConfig } from './console-sync-config.js';
import { consoleSyncPreview } from './console-sync-preview.js';
import { upstreamWorkerEndpoints } from './upstream-workers.js';

/**
 * The sync queue and its settings, and the upstream worker URLs served over HTTP. The queue runs
 * the same workers in-process (workers.ts, which adds the AI feature's product-openai).
 */
export const endpoints: readonly ServedEndpoint[] = [
  consoleQueueTasks,
  consoleSyncConfig,
  consoleSyncPreview,
  consoleBlingConnect,
  consoleBlingCallback,
  ...upstreamWorkerEndpoints,
];
