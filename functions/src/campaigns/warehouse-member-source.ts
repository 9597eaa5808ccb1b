import type { Firestore } from 'firebase-admin/firestore';
import { ensureMirror, maxMirrorLagMs } from '../customer-warehouse/freshness.js';
import { memberRunOf, SegmentError, startMemberRun, type MemberRun } from '../customer-warehouse/segment-members.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import type { MemberList } from './send-snapshot.js';
import { PermanentSendError } from './send-channel.js';

/**
 * The send job's member source (SendJobDeps.loadMembers): the campaign's segment evaluated once in
 * the warehouse (a member run, read a page at a time by send-snapshot.ts and kept until the
 * snapshot is written, so a snapshot cut short resumes on the same list), once the warehouse's copy
 * is no further behind Firestore than CUSTOMER_WAREHOUSE_MAX_LAG_SECONDS
 * (customer-warehouse/README.md). A segment that cannot be evaluated ends the send with its
 * Portuguese reason, as before.
 */
export function warehouseMemberSource(firestore: Firestore, warehouse: Warehouse, options: { maxLagMs?: number } = {}) {
  return async function memberList(project: string, campaign: Record<string, unknown>, resume: { run: string; total: number } | null): Promise<MemberList> {
    let run: MemberRun;
    if (resume) run = memberRunOf(warehouse, resume.run, resume.total);
    else {
      await ensureMirror(firestore, warehouse, project, options.maxLagMs ?? maxMirrorLagMs());
      try {
        run = await startMemberRun(warehouse, firestore, project, campaign.customerSegmentId);
      } catch (error) {
        if (error instanceof SegmentError) throw new PermanentSendError(error.message);
        throw error;
      }
    }
    return { run: run.id, total: run.total, pages: (pageSize, from) => run.pages(pageSize, from), close: () => run.close() };
  };
}
