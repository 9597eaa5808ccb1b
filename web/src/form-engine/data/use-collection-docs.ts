import { useEffect, useMemo, useState } from 'react';
import { limit, onSnapshot, query, where, type QueryConstraint } from 'firebase/firestore';
import { projectCollection } from '../../lib/firestore-paths';
import { buildOptionTree, toTreeEntry, type TreeOption } from '../values/option-tree';

/** Lists read by widgets (nested selects, key pickers) hold at most this many documents (document 1 §9). */
export const NESTED_LIST_LIMIT = 1000;

export interface CollectionDoc {
  id: string;
  data: Record<string, unknown>;
}

export type CollectionDocsState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; docs: CollectionDoc[] };

export interface CollectionDocsQuery {
  projectId: string;
  collection: string;
  /** Optional equality filter. */
  filter?: { field: string; value: string | number | boolean };
  max?: number;
  /** False to read nothing (a collection-editor of a document not saved yet). */
  enabled?: boolean;
}

/** The realtime documents of project/{projectId}/{collection}, optionally filtered by equality. */
export function useCollectionDocs({
  projectId,
  collection,
  filter,
  max = NESTED_LIST_LIMIT,
  enabled = true,
}: CollectionDocsQuery): CollectionDocsState {
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

export interface DocumentTree {
  status: CollectionDocsState['status'];
  /** The documents as a tree by `parent` (empty until loaded). */
  options: TreeOption[];
}

/** The realtime documents as select options, a tree by `parent`, labelled by `labelField`. */
export function useDocumentTree(docsQuery: CollectionDocsQuery, labelField?: string): DocumentTree {
  const list = useCollectionDocs(docsQuery);
  // Rebuilt only when the list changes, not on every keystroke of the form around it.
  const options = useMemo(
    () => (list.status === 'ready' ? buildOptionTree(list.docs.map((d) => toTreeEntry(d.id, d.data, labelField))) : []),
    [list, labelField],
  );
  return { status: list.status, options };
}
