import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { REGION } from '../config.js';
import { EVENT_BATCH_COLLECTION } from './event-batches.js';

/** Applies a SendGrid event batch stored by POST /api/sendgrid/events (sendgrid-event-batch.ts, imported on the first event). */
export const sendgridEventBatch = onDocumentCreated(
  { document: `${EVENT_BATCH_COLLECTION}/{batchId}`, region: REGION, retry: true, memory: '512MiB' },
  async (event) => (await import('./sendgrid-event-batch.js')).applyStoredEventBatch(event.params.batchId, event.data?.data()),
);
