/** The marketplaces the console pushes products to through Bling (document 1 §7). */
export const MARKETPLACE_STORES = ['shopee', 'amazon', 'magalu', 'madeiramadeira'] as const;
export type MarketplaceStore = (typeof MARKETPLACE_STORES)[number];

/**
 * GET /api/console/sync/config?project — what the sync screens need to build task URLs: the Bling
 * accounts of config/bling by index and description (no credentials), and the Bling store ids
 * (`loja`) per marketplace plus the update-store id, or null when that configuration is broken.
 */
export interface SyncConfigResponse {
  blingAccounts: { index: number; description: string }[];
  marketplaces: (Record<MarketplaceStore, string> & { updateStore: string }) | null;
  /** Why `marketplaces` is null. */
  marketplacesError?: string;
}
