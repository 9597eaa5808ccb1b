import {
  addDoc,
  doc,
  documentId,
  getDocs,
  limit,
  orderBy,
  query,
  serverTimestamp,
  startAfter,
  where,
  writeBatch,
  type QueryDocumentSnapshot,
} from 'firebase/firestore';
import { db } from '../../../lib/firestore';
import { projectCollection, projectDocument } from '../../../lib/firestore-paths';
import type { StoredRecord } from '../../../csv/csv-export';
import type { ReadyRecord } from '../../../csv/import-plan';
import type { BatchWriter } from '../../../csv/import-run';
import type { ImportCounts } from '../../../csv/import-state';

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

/** Sets each record with merge, one atomic batch per call; `extra` is merged into every record (the product brand). */
export function firestoreBatchWriter(projectId: string, collectionId: string, extra: Record<string, unknown>): BatchWriter {
  return {
    async commit(records: readonly ReadyRecord[]) {
      const batch = writeBatch(db);
      for (const record of records) {
        const ref = record.id ? projectDocument(projectId, collectionId, record.id) : projectDocument(projectId, collectionId, newId(projectId, collectionId));
        batch.set(ref, { ...record.data, ...extra }, { merge: true });
      }
      await batch.commit();
    },
  };
}

function newId(projectId: string, collectionId: string): string {
  // A client-side generated id, as addDoc would give.
  return doc(projectCollection(projectId, collectionId)).id;
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
