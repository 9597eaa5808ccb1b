import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import * as logs from '../logs.js';
import { FirestoreBlingTokenStore, exchangeRefreshToken, type BlingBearer } from './token.js';

/**
 * What the scheduled refresh (bling-token-refresh.ts) does: every Bling account of every project
 * whose refresh token is a week old or of unknown age (typed by hand, seeded) is renewed, so an
 * idle account never reaches Bling's 30 days and has to be connected again. Run daily, an account
 * is renewed about weekly: three missed weeks still leave it alive.
 *
 * Exactly once under concurrency: the renewal goes through FirestoreBlingTokenStore.renew, which
 * leases the bearer in a transaction before spending the single-use refresh token; a second run
 * (or a sync renewing the same account) at the same moment waits for the new bearer instead.
 * The outcome is written to the account's `tokenError` (null on success), shown on the screen.
 */
export const RENEW_AFTER_MS = 7 * 86_400_000;

export interface RefreshSummary {
  renewed: string[];
  skipped: string[];
  failed: { account: string; error: string }[];
}

const accountSchema = z.looseObject({
  clientId: z.string().optional(),
  clientSecret: z.string().optional(),
  bearer: z.looseObject({ accessToken: z.string().optional(), refreshToken: z.string().optional(), refreshedAt: z.string().optional() }).optional(),
});
const configSchema = accountSchema.extend({ accounts: z.array(accountSchema).optional() });

/** Whether the account's refresh token should be renewed now. */
export function dueForRenewal(bearer: Pick<BlingBearer, 'refreshedAt'> | undefined, now: number): boolean {
  const refreshedAt = Date.parse(bearer?.refreshedAt ?? '');
  return !Number.isFinite(refreshedAt) || now - refreshedAt >= RENEW_AFTER_MS;
}

export async function refreshBlingAccounts(
  firestore: Firestore,
  options: { apiUrl: string; now?: () => number; projects?: string[] },
): Promise<RefreshSummary> {
  const now = options.now ?? Date.now;
  const summary: RefreshSummary = { renewed: [], skipped: [], failed: [] };
  const projects = options.projects ?? (await firestore.collection('project').listDocuments()).map((doc) => doc.id);
  for (const project of projects) {
    const ref = firestore.doc(`project/${project}/config/bling`);
    const parsed = configSchema.safeParse((await ref.get()).data());
    if (!parsed.success) continue;
    const config = parsed.data;
    const slots: ('root' | number)[] = [...(config.clientId ? (['root'] as const) : []), ...(config.accounts ?? []).map((_, index) => index)];
    for (const slot of slots) {
      const entry = slot === 'root' ? config : config.accounts![slot]!;
      const name = `${project}/${slot}`;
      if (!entry.clientId || !entry.clientSecret || !entry.bearer?.refreshToken || !dueForRenewal(entry.bearer, now())) {
        summary.skipped.push(name);
        continue;
      }
      const store = new FirestoreBlingTokenStore(firestore, project, slot === 'root' ? undefined : slot);
      try {
        await store.renew(entry.bearer.accessToken ?? '', (stored) => exchangeRefreshToken(stored, { baseUrl: options.apiUrl, now }));
        await store.setTokenError(null);
        summary.renewed.push(name);
        logs.blingTokenRefreshed(project, String(slot));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await store.setTokenError(message).catch(() => undefined);
        summary.failed.push({ account: name, error: message });
        logs.blingTokenRefreshFailed(project, String(slot), error);
      }
    }
  }
  return summary;
}
