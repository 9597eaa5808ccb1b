import type { Endpoint } from '../lib/endpoint.js';
import { health } from './health.js';
import { consoleMe } from './console-me.js';
import { consoleProject } from './console-project.js';
import { consoleProduct } from './console-product.js';
import { consoleQueueTasks } from './console-queue-tasks.js';
import { consoleSyncConfig } from './console-sync-config.js';
import { workerEndpoints } from './workers.js';

/** Every endpoint behind Hosting's /api/** rewrite. */
export const endpoints: Endpoint[] = [
  health,
  consoleMe,
  consoleProject,
  consoleProduct,
  consoleQueueTasks,
  consoleSyncConfig,
  ...workerEndpoints,
] as Endpoint[];
