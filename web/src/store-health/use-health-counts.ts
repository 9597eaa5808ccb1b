import { useEffect, useState } from 'react';
import { Timestamp, getCountFromServer, query, where, type QueryConstraint } from 'firebase/firestore';
import { PRICE_HOLD_COLLECTION, STALE_OVERRIDE_COLLECTION } from '@console/shared';
import { projectCollection } from '../lib/firestore-paths';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HealthCounts {
  syncErrors24h: number;
  staleOverrides: number;
  heldPrices: number;
  campaignsInFlight: number;
}

/** The home screen's counters, as count() aggregations (the database counts; nothing is listed). */
export function useHealthCounts(projectId: string): { status: 'loading' } | { status: 'error' } | { status: 'ready'; counts: HealthCounts } {
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error' } | { status: 'ready'; counts: HealthCounts }>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    const count = async (collectionId: string, ...constraints: QueryConstraint[]) =>
      (await getCountFromServer(query(projectCollection(projectId, collectionId), ...constraints))).data().count;
    const since = Timestamp.fromMillis(Date.now() - DAY_MS);
    Promise.all([
      // A sync task that failed for good (functions/src/sync/run-sync-task.ts) in the last 24 hours.
      count('sync-task', where('status', '==', 'failed'), where('finishedAt', '>=', since)),
      // The price guardrails' lists (functions/src/products/price-holds.ts): every stale override, the holds still 'held'.
      count(STALE_OVERRIDE_COLLECTION),
      count(PRICE_HOLD_COLLECTION, where('status', '==', 'held')),
      // A campaign send being prepared, sending or paused (functions/src/campaigns/send-job.ts).
      count('campaign-send', where('status', 'in', ['preparing', 'sending', 'paused'])),
    ])
      .then(([syncErrors24h, staleOverrides, heldPrices, campaignsInFlight]) => {
        if (!cancelled)
          setState({
            status: 'ready',
            counts: { syncErrors24h: syncErrors24h!, staleOverrides: staleOverrides!, heldPrices: heldPrices!, campaignsInFlight: campaignsInFlight! },
          });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setState({ status: 'error' });
      });
    return () => {
      cancelled = true;
    };
  }, [projectId]);
  return state;
}
