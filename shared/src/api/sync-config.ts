import { z } from 'zod';

/** The marketplaces the console pushes products to through Bling (document 1 §7). */
export const MARKETPLACE_STORES = ['shopee', 'amazon', 'magalu', 'madeiramadeira'] as const;
export type MarketplaceStore = (typeof MARKETPLACE_STORES)[number];

/**
 * GET /api/console/sync/config?project — what the sync screens need to build task URLs: the Bling
 * accounts of config/bling by index and description (no credentials), and the Bling store ids
 * (`loja`) per marketplace plus the update-store id, or null when that configuration is broken
 * (`marketplacesError` says why).
 */
export const syncConfigResponseSchema = z.object({
  blingAccounts: z.array(z.object({ index: z.number().int(), description: z.string() })),
  marketplaces: z.object({ shopee: z.string(), amazon: z.string(), magalu: z.string(), madeiramadeira: z.string(), updateStore: z.string() }).nullable(),
  marketplacesError: z.string().optional(),
});
export type SyncConfigResponse = z.infer<typeof syncConfigResponseSchema>;
