import { firestore } from '../../lib/admin.js';
import { dailyBudgetStoreOf, paceStoreOf } from '../../lib/pace-store.js';
import { blingApiUrl } from '../../config.js';
import { BlingClient } from './client.js';
import { type BlingAccountRef, FirestoreBlingTokenStore } from './token.js';

export { BlingClient } from './client.js';
export * from './mapping.js';
export type { BlingAccountRef } from './token.js';

/**
 * The Bling client of a project's account, as the endpoints use it: `account` is the `bling` query
 * parameter (index or description in config/bling accounts[]; omitted = the top-level credentials).
 */
export function blingClient(project: string, account?: BlingAccountRef): BlingClient {
  return new BlingClient({
    baseUrl: blingApiUrl().replace(/\/+$/, ''),
    tokens: new FirestoreBlingTokenStore(firestore, project, account),
    // Every instance paces the account through the same Firestore documents.
    paceStores: { pace: paceStoreOf(firestore), budget: dailyBudgetStoreOf(firestore) },
  });
}
