import { consoleCollectionsImportEndpoint, fieldHashes, type ImportRecordsRequest } from '@console/shared';
import { addDoc, documentId, getDocs, limit, orderBy, query, serverTimestamp, startAfter, where, type QueryDocumentSnapshot } from 'firebase/firestore';
import { projectCollection } from '../lib/firestore-paths';
import type { StoredRecord } from './csv-export';
import type { ReadyRecord } from './import-plan';
import type { BatchWriter } from './import-run';
import { CSV_TEXTS } from './texts';
import { callApi } from '../lib/api';
import { documentToJsonValue } from '../json-editor/json-document';
import type { ImportCounts } from './import-state';

/** Firestore side of CSV import and export: reads by pages, existence checks, batched writes, the log. */

/**
 * Documents per read of the export and of the import's existence check. Large pages: on the
 * emulator each query costs a pass over the whole collection whatever its limit (10,238 products
 * exported in 16-26 s in pages of 500, in 6-7 s in pages of 2,000), and in production fewer
 * round trips help too; 2,000 documents of a few kB stay a few MB per answer.
 */
const READ_PAGE_SIZE = 2000;

/** The whole collection, page by page in id order (past the list limit), reporting the count read. */
export async function readWholeCollection(projectId: string, collectionId: string, onProgress: (read: number) => void): Promise<StoredRecord[]> {
  const records: StoredRecord[] = [];
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    const page = query(projectCollection(projectId, collectionId), orderBy(documentId()), ...(last ? [startAfter(last)] : []), limit(READ_PAGE_SIZE));
    const snapshot = await getDocs(page);
    for (const d of snapshot.docs) records.push({ id: d.id, data: d.data() });
    onProgress(records.length);
    if (snapshot.size < READ_PAGE_SIZE) return records;
    last = snapshot.docs[snapshot.docs.length - 1];
  }
}

/**
 * The stored data of those of `ids` that exist. One ranged read in id order between the smallest
 * and the largest id (pages of READ_PAGE_SIZE): 'in' queries of 30 cost a round trip per 30 rows,
 * which made a 10,000-row file wait for minutes; a range costs at most the collection once.
 */
export async function readExisting(projectId: string, collectionId: string, ids: readonly string[]): Promise<Map<string, Record<string, unknown>>> {
  const wanted = new Set(ids.filter(Boolean));
  const found = new Map<string, Record<string, unknown>>();
  if (wanted.size === 0) return found;
  const sorted = [...wanted].sort();
  const range = [where(documentId(), '>=', sorted[0]!), where(documentId(), '<=', sorted[sorted.length - 1]!)];
  let last: QueryDocumentSnapshot | undefined;
  for (;;) {
    const page = query(projectCollection(projectId, collectionId), ...range, orderBy(documentId()), ...(last ? [startAfter(last)] : []), limit(READ_PAGE_SIZE));
    const snapshot = await getDocs(page);
    for (const d of snapshot.docs) if (wanted.has(d.id)) found.set(d.id, d.data());
    if (snapshot.size < READ_PAGE_SIZE) return found;
    last = snapshot.docs[snapshot.docs.length - 1];
  }
}

/**
 * Sends each batch to the import endpoint (shared/src/api/collection-import.ts): the server checks
 * access, validates every record with the collection's schema, sets the timestamps and writes the
 * batch in one transaction with the Admin SDK; it answers one result per record. Records without
 * an id get one from the server. A refused call (network, 4xx/5xx) rejects: the whole batch failed.
 */
export function serverBatchWriter(
  projectId: string,
  collectionId: string,
  brand: string | undefined,
  storedIds: ReadonlySet<string>,
  storedData?: ReadonlyMap<string, Record<string, unknown>>,
): BatchWriter {
  // Ids of the batches sent so far: a later line with one of them updates what an earlier batch created.
  const sent = new Set<string>();
  // The first line of each id carries what the preview saw of its document (the server checks it is unchanged).
  const pinned = new Set<string>();
  const seen = (id: string) => {
    if (!storedData || !id || pinned.has(id)) return {};
    pinned.add(id);
    const stored = storedData.get(id);
    return { seen: stored ? fieldHashes(stored) : null };
  };
  return {
    async commit(records: readonly ReadyRecord[]) {
      // None stored at the preview nor sent before: the server may create them without reading them.
      const allNew = records.every((r) => !r.id || (!storedIds.has(r.id) && !sent.has(r.id)));
      for (const r of records) if (r.id) sent.add(r.id);
      const body: ImportRecordsRequest = {
        collection: collectionId,
        ...(brand !== undefined ? { brand } : {}),
        records: records.map((r) => ({ line: r.line, id: r.id, data: documentToJsonValue(r.data), ...seen(r.id) })),
        ...(allNew ? { allNew } : {}),
      };
      const answer = await callApi(consoleCollectionsImportEndpoint, { project: projectId, body });
      if (answer.results.length !== records.length) throw new Error(CSV_TEXTS.unknownError);
      return answer.results;
    },
  };
}

export interface ImportLogEntry {
  module: string;
  userId: string;
  fileName: string;
  fileLines: number;
  brand: string | null;
  counts: ImportCounts;
  interrupted: boolean;
}

/** Spec §3 'Import log': createdAt, module, userId, file lines, brand (plus the summary). */
export async function addImportLog(projectId: string, entry: ImportLogEntry): Promise<void> {
  await addDoc(projectCollection(projectId, 'import-log'), { ...entry, createdAt: serverTimestamp() });
}
