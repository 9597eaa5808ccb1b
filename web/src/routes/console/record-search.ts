import { documentId, getDocs, limit, query, where, type QueryConstraint } from 'firebase/firestore';
import { entryLabel, type CollectionDefinition } from '@console/shared';
import { projectCollection } from '../../lib/firestore-paths';

/** A record the quick switcher offers: its collection and how its list names it. */
export interface RecordHit {
  collectionId: string;
  collectionTitle: string;
  id: string;
  label: string;
}

/** End of a prefix range, as the list's filter box uses it: every string with the prefix sorts below it. */
const PREFIX_END = '\uf8ff';

/** Hits per collection and query: the switcher shows a handful, not a list. */
const HITS_PER_QUERY = 3;

/**
 * The prefixes a typed name is looked up by: as typed and with a capital first letter (names are
 * stored 'Faca do Chef'; an operator types 'faca'). Firestore has no case-insensitive or substring
 * search, so a record is found by the start of its name or of its id; under two characters, none.
 */
export function searchPrefixes(text: string): string[] {
  const typed = text.trim();
  if (typed.length < 2) return [];
  const capitalised = typed.charAt(0).toLocaleUpperCase('pt-BR') + typed.slice(1);
  return [...new Set([typed, capitalised])];
}

const prefixRange = (field: string | ReturnType<typeof documentId>, prefix: string): QueryConstraint[] => [
  where(field, '>=', prefix),
  where(field, '<', prefix + PREFIX_END),
  limit(HITS_PER_QUERY),
];

/**
 * Records of the project's collections whose name (the list's label field) or id starts with
 * `text`, each collection read with a few small range queries at once (single-field indexes only).
 * A collection that cannot be read (rules, network) adds nothing rather than failing the search.
 */
export async function searchRecords(projectId: string, collections: readonly CollectionDefinition[], text: string): Promise<RecordHit[]> {
  const prefixes = searchPrefixes(text);
  if (prefixes.length === 0) return [];
  const perCollection = await Promise.allSettled(
    collections.map(async (definition) => {
      const ref = projectCollection(projectId, definition.id);
      const queries = [
        ...(definition.labelField ? prefixes.map((prefix) => prefixRange(definition.labelField!, prefix)) : []),
        prefixRange(documentId(), text.trim()),
      ];
      const snapshots = await Promise.all(queries.map((constraints) => getDocs(query(ref, ...constraints))));
      const hits = new Map<string, RecordHit>();
      for (const snapshot of snapshots)
        for (const doc of snapshot.docs)
          hits.set(doc.id, { collectionId: definition.id, collectionTitle: definition.title, id: doc.id, label: entryLabel(definition, doc.id, doc.data()) });
      return [...hits.values()];
    }),
  );
  return perCollection.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
}
