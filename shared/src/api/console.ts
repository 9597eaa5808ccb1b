import { z } from 'zod';
import { ROLES } from '../access/claims.js';
import { defineEndpoint } from './contract.js';
import { healthResponseSchema } from './errors.js';
import { syncConfigResponseSchema } from './sync-config.js';
import { productCodeSchema } from './workers.js';

/** The console's own calls: liveness, who am I, the current project, the product panel, the sync queue. */

export const healthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  answer: healthResponseSchema,
});

/** Who the caller is and which projects they may open (read with the Admin SDK, as the rules see the claims). */
export const consoleMeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/me',
  access: 'user',
  answer: z.object({
    uid: z.string(),
    email: z.string().nullable(),
    role: z.enum(ROLES).nullable(),
    projects: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});

/** The current project (name, domains) for its members. */
export const consoleProjectEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/project',
  access: 'project',
  answer: z.object({ id: z.string(), name: z.unknown(), domains: z.unknown() }),
});

/** The product the panel shows: the catalogue document with its product-data merged over it. */
export const consoleProductEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/products/:id',
  access: 'project',
  params: z.object({ id: productCodeSchema }),
  answer: z.looseObject({ data: z.record(z.string(), z.unknown()) }),
});

/** The sync screens' configuration: Bling accounts by description, marketplace store ids. */
export const consoleSyncConfigEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/sync/config',
  access: 'project',
  answer: syncConfigResponseSchema,
});

/** POST /api/console/queue/tasks takes at most this many URLs per call. */
export const QUEUE_MAX_URLS = 500;

/**
 * {urls, batch?}: one task per worker URL (shared/src/api/workers.ts) on the sync queue, run as the
 * caller. Access 'user': the project is ?project= or the URLs' own, checked by the handler.
 */
export const consoleQueueTasksEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/queue/tasks',
  access: 'user',
  query: z.object({ project: z.string().optional() }),
  body: z.object({
    urls: z.array(z.string().min(1).max(2000)).min(1, 'informe ao menos uma URL').max(QUEUE_MAX_URLS, 'no máximo 500 URLs por envio'),
    batch: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'lote inválido')
      .optional(),
  }),
  answer: z.object({
    ok: z.literal(true),
    batch: z.string(),
    enqueued: z.number().int(),
    duplicates: z.number().int(),
    tasks: z.array(z.object({ url: z.string(), id: z.string(), state: z.enum(['enqueued', 'duplicate']) })),
  }),
});
