import { useEffect, useState } from 'react';
import { collection, collectionGroup, limit, onSnapshot, orderBy, query, where, type Query } from 'firebase/firestore';
import { PROJECT_COLLECTION } from '@console/shared';
import { db } from '../lib/firestore';
import { CUSTOMER_EVENT_COLLECTION, EVENT_FEED_LIMIT } from './constants';
import { toCustomerEvent, type CustomerEvent } from './customer-event';

export type EventFeedState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; events: CustomerEvent[] };

/**
 * The latest events, live (spec document 2 §7): of one store, or — given `stores` — across those
 * stores with one collection-group query (index projectId + createdAt in firestore.indexes.json;
 * the security rules admit it only when every listed store is the user's).
 */
function feedQuery(projectId: string, stores: readonly string[] | null): Query {
  if (stores === null) {
    return query(collection(db, PROJECT_COLLECTION, projectId, CUSTOMER_EVENT_COLLECTION), orderBy('createdAt', 'desc'), limit(EVENT_FEED_LIMIT));
  }
  return query(collectionGroup(db, CUSTOMER_EVENT_COLLECTION), where('projectId', 'in', [...stores]), orderBy('createdAt', 'desc'), limit(EVENT_FEED_LIMIT));
}

/** `stores` null: the current project only; an array: those stores (never empty — the caller shows a hint instead). */
export function useCustomerEvents(projectId: string, stores: readonly string[] | null): EventFeedState {
  const [state, setState] = useState<EventFeedState>({ status: 'loading' });
  const storesKey = stores === null ? null : stores.join('\n');

  useEffect(() => {
    setState({ status: 'loading' });
    const q = feedQuery(projectId, storesKey === null ? null : storesKey.split('\n'));
    return onSnapshot(
      q,
      (snapshot) =>
        setState({
          status: 'ready',
          // A collection-group hit's store is its path's second segment: project/{store}/customer-event/{id}.
          events: snapshot.docs.map((d) => toCustomerEvent(d.id, d.data(), d.ref.parent.parent?.id ?? projectId)),
        }),
      (error) => {
        console.error('Falha ao carregar os eventos', error);
        setState({ status: 'error' });
      },
    );
  }, [projectId, storesKey]);

  return state;
}
