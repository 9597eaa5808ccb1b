import type { Firestore } from 'firebase-admin/firestore';
import type { SegmentMember } from '@console/shared';
import { ensureMirror, maxMirrorLagMs } from '../customer-warehouse/freshness.js';
import { SegmentError } from '../customer-warehouse/segment-members.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import { segmentMemberPages } from './segment-member-run.js';
import { PermanentSendError } from './send-channel.js';

/**
 * The send job's member source (SendJobDeps.loadMembers, read page by page by send-snapshot.ts): the campaign's segment evaluated in the
 * warehouse and read a page at a time, once the warehouse's copy is no further behind Firestore
 * than CUSTOMER_WAREHOUSE_MAX_LAG_SECONDS (customer-warehouse/README.md). A segment that cannot be
 * evaluated ends the send with its Portuguese reason, as before.
 */
export function warehouseMemberSource(firestore: Firestore, warehouse: Warehouse, options: { maxLagMs?: number; pageSize?: number } = {}) {
  return async function* memberPages(project: string, campaign: Record<string, unknown>): AsyncIterable<SegmentMember[]> {
    await ensureMirror(firestore, warehouse, project, options.maxLagMs ?? maxMirrorLagMs());
    try {
      yield* segmentMemberPages(warehouse, firestore, project, campaign.customerSegmentId, options.pageSize);
    } catch (error) {
      if (error instanceof SegmentError) throw new PermanentSendError(error.message);
      throw error;
    }
  };
}
