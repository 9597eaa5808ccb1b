import { useEffect, useRef, useState } from 'react';
import { onSnapshot, query, type QueryConstraint } from 'firebase/firestore';
import { entryLabel, type CollectionDefinition } from '@console/shared';
import { projectCollection } from '../../lib/firestore-paths';
import { listEntryView } from '../../collection-extensions';
import { listQueryConstraints } from './list-query';

export interface ListEntry {
  id: string;
  /** The label field's value, or the id. */
  label: string;
  /** The second line (the collection's listEntry view), or null. */
  detail: string | null;
  /** The stored record (a list view's row badge reads it). */
  data: Record<string, unknown>;
}

const NO_CONSTRAINTS: readonly QueryConstraint[] = [];

export type ListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; entries: ListEntry[] };

/**
 * The realtime list of project/{projectId}/{collection}, filtered by `filterText`. With `live`
 * false the subscription is dropped and the entries shown stay as they were (a CSV import is
 * writing); back to true, it subscribes again and the list catches up in one snapshot.
 */
export function useCollectionList(
  projectId: string,
  definition: CollectionDefinition,
  filterText: string,
  live = true,
  /** A list view's own filter, already as constraints; keep it stable (memoised) between renders. */
  extra: readonly QueryConstraint[] = NO_CONSTRAINTS,
): ListState {
  const [state, setState] = useState<ListState>({ status: 'loading' });
  // The query whose entries are shown: resubscribing to the same one keeps them until it answers.
  const shown = useRef<unknown[] | null>(null);

  useEffect(() => {
    if (!live) return undefined;
    const same = shown.current?.[0] === projectId && shown.current[1] === definition && shown.current[2] === filterText && shown.current[3] === extra;
    if (!same) setState({ status: 'loading' });
    shown.current = [projectId, definition, filterText, extra];
    try {
      const q = query(projectCollection(projectId, definition.id), ...listQueryConstraints(definition, filterText, extra));
      return onSnapshot(
        q,
        // Metadata changes too: the moment the server confirms a list the cache answered is seen.
        { includeMetadataChanges: true },
        (snapshot) => {
          // The SDK answers an empty list from its cache only when it found the server unreachable:
          // that is a failure to load, not "No entries found."; the listener stays, and the server's
          // answer replaces it when the store is back.
          if (snapshot.metadata.fromCache && snapshot.empty) {
            setState({ status: 'error' });
            return;
          }
          setState({
            status: 'ready',
            entries: snapshot.docs.map((d) => {
              const data = d.data();
              return { id: d.id, label: entryLabel(definition, d.id, data), detail: listEntryView(definition.id).detail?.(data) ?? null, data };
            }),
          });
        },
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
  }, [projectId, definition, filterText, live, extra]);

  return state;
}
