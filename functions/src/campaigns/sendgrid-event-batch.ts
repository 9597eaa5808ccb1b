import * as logs from './logs.js';
import { FieldValue } from 'firebase-admin/firestore';
import { firestore } from '../lib/admin.js';
import { EVENT_BATCH_COLLECTION } from './event-batches.js';
import { applyWebhookEvents, webhookBodySchema } from './webhook-events.js';

/**
 * Applies a SendGrid event batch stored (and already answered) by POST /api/sendgrid/events. Each
 * event is counted once whatever happens (its sg_event_id is recorded with the flags it moves), so
 * a redelivered trigger, or a retry after a failure, applies nothing twice.
 */
export async function applyStoredEventBatch(batchId: string, data: Record<string, unknown> | undefined): Promise<void> {
  if (!data || data.status === 'done' || typeof data.body !== 'string') return;
  const parsed = webhookBodySchema.safeParse(JSON.parse(data.body));
  const ref = firestore.collection(EVENT_BATCH_COLLECTION).doc(batchId);
  if (!parsed.success) {
    await ref.update({ status: 'invalid', processedAt: FieldValue.serverTimestamp() });
    return;
  }
  const summary = await applyWebhookEvents(firestore, parsed.data);
  // The body is no longer needed once applied; the summary stays for the record.
  await ref.update({ status: 'done', body: FieldValue.delete(), ...summary, processedAt: FieldValue.serverTimestamp() });
  logs.sendgridEventBatchApplied(batchId, summary);
}
