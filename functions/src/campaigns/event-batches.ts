import { createHash } from 'node:crypto';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';

/**
 * SendGrid's event batches, acknowledged first and applied after (README 'Event Webhook'): SendGrid
 * gives an endpoint 30 s per POST and retries what is not answered, so a verified batch is only
 * stored — sendgrid-event-batch/{sha-256 of the raw body} — and answered; the trigger
 * functions/src/campaigns/sendgrid-event-batch.ts applies it (each event once, by sg_event_id).
 * A provider retry of the same batch finds its document and changes nothing. The collection is
 * top-level and matched by no rule: no client reads or writes it.
 */
export const EVENT_BATCH_COLLECTION = 'sendgrid-event-batch';

/** A raw body above this is applied in the request (a Firestore document holds at most 1 MiB). */
export const MAX_STORED_BATCH_BYTES = 900_000;

export function eventBatchId(rawBody: Buffer): string {
  return createHash('sha256').update(rawBody).digest('hex');
}

/** Stores a verified batch for the trigger: 'accepted', or 'duplicate' when the same body was stored before. */
export async function acceptEventBatch(firestore: Firestore, rawBody: Buffer, events: number): Promise<'accepted' | 'duplicate'> {
  const id = eventBatchId(rawBody);
  try {
    await firestore
      .collection(EVENT_BATCH_COLLECTION)
      .doc(id)
      .create({ body: rawBody.toString('utf8'), events, status: 'pending', receivedAt: FieldValue.serverTimestamp() });
    return 'accepted';
  } catch (error) {
    if ((error as { code?: unknown }).code === ALREADY_EXISTS) return 'duplicate';
    throw error;
  }
}

const ALREADY_EXISTS = 6;
