import { consoleCustomersSegmentsEndpoint, emailAddressing, planSend, type SegmentReport } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { PermanentSendError } from './send-channel.js';
import { campaignChannels } from './channel-registry.js';
import { loadSegmentMembers } from './segment-members.js';
import { sha256Hex } from './send-store.js';

/**
 * GET /api/console/customers/segments/{segment}?project — 'Testar segmento': the members an e-mail
 * campaign would reach now (data [{email, phoneNumber}], the spec's shape, plus customerId), their
 * count, and who is left out and why (unsubscribed, competitor, no e-mail) — the same plan the send
 * job makes.
 */
export async function segmentReport(project: string, segmentId: string): Promise<SegmentReport> {
  let members;
  try {
    members = await loadSegmentMembers(firestore, project, segmentId);
  } catch (error) {
    if (error instanceof PermanentSendError) throw new ApiError(error.message.includes('não encontrado') ? 404 : 400, error.message);
    throw error;
  }
  const preferences = await campaignChannels(firestore).email!.loadPreferences(project);
  const plan = planSend(members, preferences, emailAddressing, { sendKey: 'segment-test', hash: (t) => sha256Hex(t, 16) });
  const phoneOf = new Map(members.map((m) => [emailAddressing.address(m), m.phoneNumber] as const));
  const data = plan.batches
    .flatMap((b) => b.recipients)
    .map((r) => ({ email: r.address, phoneNumber: phoneOf.get(r.address) ?? null, customerId: r.customerId }));
  return {
    data,
    count: data.length,
    leftOut: plan.leftOut
      .filter((l) => l.reason !== 'duplicate')
      .map((l) => ({ email: l.address, customerId: l.customerId, reason: l.reason as 'unsubscribed' | 'competitor' | 'no-address' })),
  };
}

export const handleConsoleCustomersSegments: Handler<typeof consoleCustomersSegmentsEndpoint> = async ({ params, project }) => {
  // The contract has refused ids Firestore cannot store (documentIdSchema).
  return segmentReport(project, params.segment);
};

export const consoleCustomersSegments = serve(consoleCustomersSegmentsEndpoint, handleConsoleCustomersSegments);
