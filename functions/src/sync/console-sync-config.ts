import { consoleSyncConfigEndpoint } from '@console/shared';
import type { SyncConfigResponse } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { marketplaceStoreIds } from './worker-deps.js';

/**
 * GET /api/console/sync/config?project — the bulk and single-product sync screens' configuration:
 * config/bling's accounts by index and description (the document itself is admin-only, as it holds
 * the credentials; staff choose an account by its description) and the marketplace store ids of
 * MARKETPLACE_STORE_IDS. A broken store-id configuration is reported, not fatal: the other tasks run.
 */
export const handleConsoleSyncConfig: Handler<typeof consoleSyncConfigEndpoint> = async ({ project }): Promise<SyncConfigResponse> => {
  const bling = (await firestore.doc(`project/${project}/config/bling`).get()).data();
  const accounts: unknown[] = Array.isArray(bling?.accounts) ? bling.accounts : [];
  const blingAccounts = accounts.map((account, index) => {
    const description = (account as { description?: unknown } | null)?.description;
    return { index, description: typeof description === 'string' && description.trim() ? description.trim() : `Conta ${index}` };
  });
  try {
    return { blingAccounts, marketplaces: marketplaceStoreIds() };
  } catch (error) {
    return { blingAccounts, marketplaces: null, marketplacesError: (error as Error).message };
  }
};

export const consoleSyncConfig = serve(consoleSyncConfigEndpoint, handleConsoleSyncConfig);
