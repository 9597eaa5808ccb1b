import { HttpsError } from 'firebase-functions/v2/https';
import * as logs from './logs.js';
import { z } from 'zod';
import { firestore } from '../lib/admin.js';
import { campaignChannels, pauseAfterFailuresFromParams } from './channel-registry.js';
import { enqueueCampaignSend } from './enqueue.js';
import { getWarehouse } from '../warehouse/index.js';
import { runSendJob } from './send-job.js';
import { sendDocPath } from './send-store.js';
import { warehouseMemberSource } from './warehouse-member-source.js';

const payloadSchema = z.object({ project: z.string().min(1), sendId: z.string().min(1), kick: z.number().int() });

/** A run stops here and hands over to a fresh task, well inside the 540 s dispatch deadline. */
const RUN_BUDGET_MS = 420_000;

/** Runs one campaign send task (exported apart from its trigger for tests). */
export async function handleCampaignSendTask(data: unknown): Promise<void> {
  const parsed = payloadSchema.safeParse(data);
  if (!parsed.success) {
    logs.campaignSendTaskPayloadInvalid();
    return;
  }
  const { project, sendId } = parsed.data;
  const send = (await firestore.doc(sendDocPath(project, sendId)).get()).data();
  if (!send) return;
  const channel = campaignChannels(firestore)[String(send.channel)];
  if (!channel) {
    logs.campaignSendTaskChannelUnknown(project, sendId, send.channel);
    return;
  }
  const result = await runSendJob(project, sendId, {
    firestore,
    channel,
    // The segment evaluated in the warehouse and read in pages (customer-warehouse/README.md).
    loadMembers: warehouseMemberSource(firestore, getWarehouse()),
    budgetMs: RUN_BUDGET_MS,
    pauseAfterFailures: pauseAfterFailuresFromParams(),
  });
  logs.campaignSendTaskRun(project, sendId, result);
  // Another delivery holds the lease: come back later (it may die; then this one takes over).
  if (result === 'busy') throw new HttpsError('unavailable', 'Envio em andamento por outra entrega.');
  if (result === 'continue') await enqueueCampaignSend(firestore, project, sendId);
}
