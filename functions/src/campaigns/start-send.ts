import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { sendStateSchema, type SendState } from '@console/shared';
import { sendDocPath, sendId, sha256Hex } from './send-store.js';

/** What a campaign-send task carries. */
export interface CampaignSendTask {
  project: string;
  sendId: string;
  kick: number;
}

export const CAMPAIGN_SEND_FUNCTION = 'campaignSendTask';

export function campaignSendTaskId(task: CampaignSendTask): string {
  return `send-${sha256Hex(`${task.project}\n${task.sendId}\n${task.kick}`, 40)}`;
}

export type Enqueue = (task: CampaignSendTask) => Promise<void>;

/** A queued run that has not started after this long is taken as lost and queued again. */
/** A send record as it starts, before its plan is taken: preparing, kicked once, nothing counted. */
export function preparingSend(channel: string, campaignId: string) {
  return {
    channel,
    campaignId,
    status: 'preparing',
    kicks: 1,
    total: 0,
    sent: 0,
    failed: 0,
    optedOut: 0,
    unknown: 0,
    batches: 0,
    leftOut: {},
    lastError: null,
  } as const;
}

export const KICK_GRACE_MS = 2 * 60_000;

/**
 * 'Enviar' of a campaign (any channel): the first call creates the send document and queues the
 * job; later calls (double clicks, ten at once) answer the same send. A send that is not finished
 * and whose runner is gone (no live lease) is queued again — that is how a stalled send resumes.
 */
export async function startCampaignSend(
  firestore: Firestore,
  {
    project,
    channel,
    campaignId,
    caller,
    enqueue,
    now = Date.now,
  }: { project: string; channel: string; campaignId: string; caller: { uid: string; email: string | null }; enqueue: Enqueue; now?: () => number },
): Promise<{ started: boolean; state: SendState }> {
  const id = sendId(channel, campaignId);
  const ref = firestore.doc(sendDocPath(project, id));
  const decision = await firestore.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).data();
    if (!current) {
      tx.create(ref, {
        ...preparingSend(channel, campaignId),
        kickedAt: now(),
        startedBy: caller,
        createdAt: FieldValue.serverTimestamp(),
        updatedAt: FieldValue.serverTimestamp(),
      });
      return { started: true, kick: 1 };
    }
    // Finished, or stopped by the operator: 'Enviar' does not restart it ('Retomar' does).
    if (current.status === 'finished' || current.status === 'cancelled' || current.status === 'paused') return { started: false, kick: null };
    const lease = current.lease as { until?: number } | undefined;
    if (lease && Number(lease.until) > now()) return { started: false, kick: null };
    // Not finished and nobody running it: queued again (a new task id, the old one may be spent)
    // when its last run failed, or when the queued run never started — not merely because the
    // task is still on its way (ten clicks before the first run starts queue one task).
    const kickedAt = Number(current.kickedAt ?? 0);
    const stalled = Number(current.stalledAt ?? 0) > kickedAt;
    if (!stalled && now() - kickedAt < KICK_GRACE_MS) return { started: false, kick: null };
    const kick = Number(current.kicks ?? 0) + 1;
    tx.update(ref, { kicks: kick, kickedAt: now(), updatedAt: FieldValue.serverTimestamp() });
    return { started: false, kick };
  });
  if (decision.kick !== null) await enqueue({ project, sendId: id, kick: decision.kick });
  const state = sendStateSchema.parse((await ref.get()).data());
  return { started: decision.started, state };
}
