import type { Firestore } from 'firebase-admin/firestore';
import type { SegmentMember } from '@console/shared';
import { pagesThenClose, startMemberRun } from '../customer-warehouse/segment-members.js';
import type { Warehouse } from '../warehouse/warehouse.js';

/**
 * A segment's members for a send's snapshot, `pageSize` at a time, evaluated in the warehouse in
 * its own dialect (customer-warehouse/segment-sql.ts: DuckDB locally, GoogleSQL on BigQuery),
 * never by reading the store's collections into the function; the run is dropped at the end.
 */
export async function* segmentMemberPages(
  warehouse: Warehouse,
  firestore: Firestore,
  project: string,
  segmentId: unknown,
  pageSize?: number,
): AsyncIterable<SegmentMember[]> {
  yield* pagesThenClose(await startMemberRun(warehouse, firestore, project, segmentId), pageSize);
}
