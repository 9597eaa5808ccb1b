import { z } from 'zod';
import { defineEndpoint } from './contract.js';
import { productCodeSchema } from './workers.js';

/** Codes one preview covers (the bulk screen sends its list in chunks of this). */
export const SYNC_PREVIEW_MAX_CODES = 200;

const fieldChangeSchema = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });

export const syncPreviewProductSchema = z.discriminatedUnion('status', [
  z.object({
    code: z.string(),
    status: z.literal('ok'),
    /** Pinned by the run: the warehouse → Firestore step writes only if its plan still has this version. */
    version: z.string(),
    /** Synced fields whose stored value would change, stored → incoming. */
    changes: z.array(fieldChangeSchema),
    /** Overridden fields that will hold although upstream brings another value. */
    overridesKept: z.array(z.object({ field: z.string(), value: z.unknown(), incoming: z.unknown() })),
    /** Prices the store's guardrails would hold. */
    held: z.array(z.object({ field: z.string(), from: z.number().nullable(), to: z.number().nullable(), message: z.string() })),
    /** The catalogue document: created, its empty name/image filled, or left as it is. */
    product: z.enum(['created', 'filled', 'unchanged']),
  }),
  z.object({ code: z.string(), status: z.literal('error'), message: z.string() }),
]);
export type SyncPreviewProduct = z.infer<typeof syncPreviewProductSchema>;

/**
 * POST /api/console/sync/preview?project {codes} — the bulk sync's 'Pré-visualizar': per code,
 * what the warehouse → Firestore step would write from the warehouse as it is now, nothing written.
 */
export const consoleSyncPreviewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/sync/preview',
  access: 'project',
  body: z.object({ codes: z.array(productCodeSchema).min(1).max(SYNC_PREVIEW_MAX_CODES) }),
  answer: z.object({ products: z.array(syncPreviewProductSchema) }),
});
