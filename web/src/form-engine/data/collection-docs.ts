/** Lists read by widgets (nested selects, key pickers) hold at most this many documents (document 1 §9). */
export const NESTED_LIST_LIMIT = 1000;

export interface CollectionDoc {
  id: string;
  data: Record<string, unknown>;
}

export type CollectionDocsState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; docs: CollectionDoc[] };

export interface CollectionDocsQuery {
  projectId: string;
  collection: string;
  /** Optional equality filter. */
  filter?: { field: string; value: string | number | boolean };
  max?: number;
  /** False to read nothing (a collection-editor of a document not saved yet). */
  enabled?: boolean;
}
