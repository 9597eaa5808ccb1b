import { useEffect, useState } from 'react';
import { limit, onSnapshot, query, where, type QueryConstraint } from 'firebase/firestore';
import {
  PRICE_HOLD_COLLECTION,
  STALE_OVERRIDE_COLLECTION,
  consoleProductsPriceChangeEndpoint,
  consoleProductsPriceHoldConfirmEndpoint,
  consoleProductsPriceHoldDiscardEndpoint,
  consoleProductsStaleOverrideResolveEndpoint,
  type PriceChangeRequest,
} from '@console/shared';
import { callApi } from '../lib/api';
import { projectCollection } from '../lib/firestore-paths';
import { heldPrice, newestFirst, staleOverrideRow, type HeldPrice, type StaleOverrideRow } from './review';

/** Rows a list reads at most (the home screen counts them all). */
export const REVIEW_LIST_LIMIT = 500;

export type ReviewList<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; rows: T[] };

function useReviewList<T extends { when?: Date | null; at?: Date | null }>(
  projectId: string,
  collectionId: string,
  constraints: QueryConstraint[],
  key: string,
  read: (id: string, data: Record<string, unknown>) => T,
): ReviewList<T> {
  const [list, setList] = useState<ReviewList<T>>({ status: 'loading' });
  useEffect(() => {
    setList({ status: 'loading' });
    return onSnapshot(
      query(projectCollection(projectId, collectionId), ...constraints, limit(REVIEW_LIST_LIMIT)),
      (s) => setList({ status: 'ready', rows: newestFirst(s.docs.map((d) => read(d.id, d.data({ serverTimestamps: 'estimate' })))) }),
      (error) => {
        console.error(error);
        setList({ status: 'error' });
      },
    );
    // `key` stands for the constraints (new arrays each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, collectionId, key]);
  return list;
}

/** The held price changes of the project (status 'held'), or of one product, realtime. */
export function useHeldPrices(projectId: string, productCode?: string): ReviewList<HeldPrice> {
  const constraints = [where('status', '==', 'held'), ...(productCode ? [where('ProductCode', '==', productCode)] : [])];
  return useReviewList(projectId, PRICE_HOLD_COLLECTION, constraints, productCode ?? '', heldPrice);
}

/** The stale overrides of the project, realtime. */
export function useStaleOverrides(projectId: string): ReviewList<StaleOverrideRow> {
  return useReviewList(projectId, STALE_OVERRIDE_COLLECTION, [], '', staleOverrideRow);
}

export function changePrice(project: string, body: PriceChangeRequest) {
  return callApi(consoleProductsPriceChangeEndpoint, { project, body });
}

export function confirmHeldPrice(project: string, id: string, reason: string) {
  return callApi(consoleProductsPriceHoldConfirmEndpoint, { project, params: { id }, body: { reason } });
}

export function discardHeldPrice(project: string, id: string, reason: string) {
  return callApi(consoleProductsPriceHoldDiscardEndpoint, { project, params: { id }, body: { reason } });
}

export function resolveStaleOverride(project: string, code: string, field: string, decision: 'keep' | 'upstream') {
  return callApi(consoleProductsStaleOverrideResolveEndpoint, { project, body: { code, field, decision } });
}
