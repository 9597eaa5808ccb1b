import { useMemo } from 'react';
import { buildOptionTree, toTreeEntry, type TreeOption } from '../values/option-tree';
import type { CollectionDocsQuery, CollectionDocsState } from './collection-docs';
import { useFormData } from './form-document';

export interface DocumentTree {
  status: CollectionDocsState['status'];
  /** The documents as a tree by `parent` (empty until loaded). */
  options: TreeOption[];
}

/**
 * The realtime documents as select options, a tree by `parent`, labelled by `labelField`. A
 * document marked `selectable: false` (a WhatsApp template removed or paused at Meta) is not offered.
 */
export function useDocumentTree(docsQuery: CollectionDocsQuery, labelField?: string): DocumentTree {
  const list = useFormData().useCollectionDocs(docsQuery);
  // Rebuilt only when the list changes, not on every keystroke of the form around it.
  const options = useMemo(
    () =>
      list.status === 'ready' ? buildOptionTree(list.docs.filter((d) => d.data?.selectable !== false).map((d) => toTreeEntry(d.id, d.data, labelField))) : [],
    [list, labelField],
  );
  return { status: list.status, options };
}
