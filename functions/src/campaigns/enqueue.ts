import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { REGION } from '../config.js';
import { adminFunctions } from '../lib/admin.js';
import { sendDocPath } from './send-store.js';
import { CAMPAIGN_SEND_FUNCTION, campaignSendTaskId, type CampaignSendTask } from './start-send.js';

/** Queues one run of a send on campaignSendTask (an id per kick: Cloud Tasks refuses a reused id). */
export async function enqueueTask(task: CampaignSendTask): Promise<void> {
  const queue = adminFunctions.taskQueue<CampaignSendTask>(`locations/${REGION}/functions/${CAMPAIGN_SEND_FUNCTION}`);
  try {
    await queue.enqueue(task, { id: campaignSendTaskId(task), dispatchDeadlineSeconds: 540 });
  } catch (error) {
    if ((error as { code?: string }).code === 'functions/task-already-exists') return;
    throw error;
  }
}

/** A continuation: the next kick of a send that ran out of its time budget. */
export async function enqueueCampaignSend(firestore: Firestore, project: string, sendId: string): Promise<void> {
  const ref = firestore.doc(sendDocPath(project, sendId));
  const kick = await firestore.runTransaction(async (tx) => {
    const next = Number((await tx.get(ref)).data()?.kicks ?? 0) + 1;
    tx.update(ref, { kicks: next, kickedAt: Date.now(), updatedAt: FieldValue.serverTimestamp() });
    return next;
  });
  await enqueueTask({ project, sendId, kick });
}
