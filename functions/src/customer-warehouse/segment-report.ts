import { emailAddressing, SEGMENT_LEFT_OUT_LISTED, type RecipientPreference, type SegmentReport } from '@console/shared';
import type { MemberRun } from './segment-members.js';

/** Members read from the warehouse per page while a report is made. */
const READ_PAGE = 20_000;

/**
 * 'Testar segmento' over a member run: the plan the send job makes (the first occurrence of an
 * address wins; unsubscribed, competitor and unreachable members left out), counted as the pages
 * go by, keeping only the asked page of recipients and the first left-out: whatever the segment's
 * size, the answer and the memory held stay small (the addresses seen, for the duplicates).
 */
export async function reportFromRun(
  run: MemberRun,
  preferences: ReadonlyMap<string, RecipientPreference>,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<Pick<SegmentReport, 'data' | 'count' | 'page' | 'pageSize' | 'leftOut' | 'leftOutCounts'>> {
  const from = (page - 1) * pageSize;
  const data: SegmentReport['data'] = [];
  const leftOut: SegmentReport['leftOut'] = [];
  const leftOutCounts = { unsubscribed: 0, competitor: 0, 'no-address': 0 };
  const seen = new Set<string>();
  let count = 0;
  const leave = (entry: SegmentReport['leftOut'][number]) => {
    leftOutCounts[entry.reason]++;
    if (leftOut.length < SEGMENT_LEFT_OUT_LISTED) leftOut.push(entry);
  };
  for await (const members of run.pages(READ_PAGE)) {
    for (const member of members) {
      const address = emailAddressing.address(member);
      if (!address) {
        leave({ email: member.email ?? member.phoneNumber ?? null, customerId: member.customerId, reason: 'no-address' });
        continue;
      }
      if (seen.has(address)) continue; // the same person twice is one recipient
      seen.add(address);
      const preference = preferences.get(address);
      if (preference?.unsubscribed) leave({ email: address, customerId: member.customerId, reason: 'unsubscribed' });
      else if (preference?.competitor) leave({ email: address, customerId: member.customerId, reason: 'competitor' });
      else {
        if (count >= from && count < from + pageSize) data.push({ email: address, phoneNumber: member.phoneNumber, customerId: member.customerId });
        count++;
      }
    }
  }
  return { data, count, page, pageSize, leftOut, leftOutCounts };
}
