import { useEffect, useState } from 'react';
import { getCountFromServer, limit, onSnapshot, orderBy, query, where } from 'firebase/firestore';
import { readinessRules, type ReadinessChannel } from '@console/shared';
import { projectCollection } from '../lib/firestore-paths';

/** The latest run that re-evaluated the whole catalogue (functions/src/readiness/readiness-run.ts). */
export interface ReadinessRunView {
  id: string;
  status: string;
  total: number;
  done: number;
  /** Per channel: products not ready, and per rule id how many fail it. */
  summary: Partial<Record<ReadinessChannel, { notReady?: number; rules?: Record<string, number> }>>;
}

export interface ChannelCount {
  channel: ReadinessChannel;
  notReady: number;
  ready: number;
}

export type ReadinessOverview =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; total: number; evaluated: number; channels: ChannelCount[]; run: ReadinessRunView | null; lastDone: ReadinessRunView | null };

export const READINESS_RUN_COLLECTION = 'readiness-run';

/**
 * The store's readiness by channel, for the home screen: counts the database answers (count()
 * aggregations over the stored `readiness.notReady`, never the products themselves) and the
 * latest runs, live. Counts are read again when a run moves.
 */
export function useReadinessOverview(projectId: string, channels: readonly ReadinessChannel[]): ReadinessOverview {
  const [runs, setRuns] = useState<ReadinessRunView[] | null>(null);
  const [counts, setCounts] = useState<{ total: number; evaluated: number; channels: ChannelCount[] } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(
    () =>
      onSnapshot(
        query(projectCollection(projectId, READINESS_RUN_COLLECTION), orderBy('startedAt', 'desc'), limit(5)),
        (snapshot) => setRuns(snapshot.docs.map((d) => ({ id: d.id, ...(d.data() as Omit<ReadinessRunView, 'id'>) }))),
        (error) => {
          console.error(error);
          setFailed(true);
        },
      ),
    [projectId],
  );

  const moved = runs?.[0] ? `${runs[0].id}:${runs[0].status}` : '';
  const channelKey = channels.join(',');
  useEffect(() => {
    let cancelled = false;
    const products = projectCollection(projectId, 'product');
    const count = async (...constraints: Parameters<typeof where>[]) =>
      (await getCountFromServer(query(products, ...constraints.map((c) => where(...c))))).data().count;
    const list = channelKey.split(',') as ReadinessChannel[];
    Promise.all([count(), count(['readiness.version', '>=', '']), ...list.map((channel) => count(['readiness.notReady', 'array-contains', channel]))])
      .then(([total, evaluated, ...notReady]) => {
        if (cancelled) return;
        setCounts({
          total: total!,
          evaluated: evaluated!,
          channels: list.map((channel, i) => ({ channel, notReady: notReady[i]!, ready: evaluated! - notReady[i]! })),
        });
      })
      .catch((error: unknown) => {
        console.error(error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
    };
  }, [projectId, channelKey, moved]);

  if (failed) return { status: 'error' };
  if (!runs || !counts) return { status: 'loading' };
  return { status: 'ready', ...counts, run: runs[0] ?? null, lastDone: runs.find((r) => r.status === 'done') ?? null };
}

/** A rule's name as the operator knows it (the default rules' labels). */
export function ruleLabel(channel: ReadinessChannel, ruleId: string): string {
  return readinessRules()[channel].find((rule) => rule.id === ruleId)?.label ?? ruleId;
}
