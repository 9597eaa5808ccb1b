import type { Firestore } from 'firebase-admin/firestore';
import type { SegmentMember } from '@console/shared';
import { pagesThenClose, SegmentError, startMemberRun, type MemberRun } from '../customer-warehouse/segment-members.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import { loadSegmentMembers } from './segment-members.js';
import { PermanentSendError } from './send-channel.js';

/**
 * A segment's members for 'Testar segmento' and a send's snapshot, a page at a time. The warehouse
 * evaluates them where its segment SQL is written (DuckDB: customer-warehouse/segment-sql.ts).
 * BigQuery's is not written yet (customer-warehouse/README.md, 'Not done'); until it is, production
 * evaluates segments as it did before the warehouse, with the JavaScript evaluator over Firestore
 * (segment-members.ts, the reference the warehouse query is property-tested against): the same
 * members, at a cost that grows with the store (a whole-collection read per run).
 */
export async function openMemberRun(warehouse: Warehouse, firestore: Firestore, project: string, segmentId: unknown): Promise<MemberRun> {
  if (warehouse.dialect === 'duckdb') return startMemberRun(warehouse, firestore, project, segmentId);
  let members: SegmentMember[];
  try {
    members = await loadSegmentMembers(firestore, project, segmentId);
  } catch (error) {
    if (error instanceof PermanentSendError) throw new SegmentError(error.message);
    throw error;
  }
  return {
    total: members.length,
    async *pages(pageSize) {
      const size = Math.max(1, Math.floor(pageSize));
      for (let at = 0; at < members.length; at += size) yield members.slice(at, at + size);
    },
    async close() {},
  };
}

/** The segment's members, `pageSize` at a time (the run is dropped at the end). */
export async function* segmentMemberPages(
  warehouse: Warehouse,
  firestore: Firestore,
  project: string,
  segmentId: unknown,
  pageSize?: number,
): AsyncIterable<SegmentMember[]> {
  yield* pagesThenClose(await openMemberRun(warehouse, firestore, project, segmentId), pageSize);
}
