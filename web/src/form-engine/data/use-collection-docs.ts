import { useEffect, useState } from 'react';
import { limit, onSnapshot, query, where, type QueryConstraint } from 'firebase/firestore';
import { projectCollection } from '../../lib/firestore-paths';
import { NESTED_LIST_LIMIT, type CollectionDocsQuery, type CollectionDocsState } from './collection-docs';

export type { CollectionDocsQuery, CollectionDocsState } from './collection-docs';

/**
 * The realtime documents of project/{projectId}/{collection}, optionally filtered by equality:
 * what the document screen gives its form (FormData.useCollectionDocs).
 */
export function useCollectionDocs({ projectId, collection, filter, max = NESTED_LIST_LIMIT, enabled = true }: CollectionDocsQuery): CollectionDocsState {
  const [state, setState] = useState<CollectionDocsState>({ status: 'loading' });
  const filterField = filter?.field;
  const filterValue = filter?.value;

  useEffect(() => {
    if (!enabled || !projectId || !collection) return undefined;
    setState({ status: 'loading' });
    const constraints: QueryConstraint[] = [];
    if (filterField !== undefined) constraints.push(where(filterField, '==', filterValue));
    constraints.push(limit(max));
    try {
      return onSnapshot(
        query(projectCollection(projectId, collection), ...constraints),
        (snapshot) => setState({ status: 'ready', docs: snapshot.docs.map((d) => ({ id: d.id, data: d.data() })) }),
        (error) => {
          console.error(`Falha ao carregar ${collection}`, error);
          setState({ status: 'error' });
        },
      );
    } catch (error) {
      console.error(error);
      setState({ status: 'error' });
      return undefined;
    }
  }, [projectId, collection, filterField, filterValue, max, enabled]);

  return state;
}
