import { useEffect, useState } from 'react';
import { onSnapshot, query } from 'firebase/firestore';
import type { CollectionDefinition } from '@console/shared';
import { projectCollection } from '../../lib/firestore-paths';
import { entryLabel, listQueryConstraints } from './list-query';

export interface ListEntry {
  id: string;
  label: string;
}

export type ListState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; entries: ListEntry[] };

/** The realtime list of project/{projectId}/{collection}, filtered by `filterText`. */
export function useCollectionList(projectId: string, definition: CollectionDefinition, filterText: string): ListState {
  const [state, setState] = useState<ListState>({ status: 'loading' });

  useEffect(() => {
    setState({ status: 'loading' });
    try {
      const q = query(projectCollection(projectId, definition.id), ...listQueryConstraints(definition, filterText));
      return onSnapshot(
        q,
        (snapshot) =>
          setState({
            status: 'ready',
            entries: snapshot.docs.map((d) => ({ id: d.id, label: entryLabel(definition, d.id, d.data()) })),
          }),
        (error) => {
          console.error(`Falha ao carregar ${definition.id}`, error);
          setState({ status: 'error' });
        },
      );
    } catch (error) {
      // An id filter with "/" is not a valid document id: the SDK refuses the query itself.
      console.error(error);
      setState({ status: 'error' });
      return undefined;
    }
  }, [projectId, definition, filterText]);

  return state;
}
