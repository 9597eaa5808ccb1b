import { createHash } from 'node:crypto';
import { PROJECT_COLLECTION, type PlannedRecipient, type RecipientSendState } from '@console/shared';
import { isTransientStoreError } from '../lib/store-retry.js';
import { PermanentSendError } from './send-channel.js';
import { operatorSendError } from './send-errors.js';

/**
 * Where a campaign send lives and how its batches are stored: the shapes every step of the send
 * job (send-job.ts and its send-*.ts steps) reads and writes.
 *
 *   project/{p}/campaign-send/{channel}-{campaignId}   the send (status, counters, lease, run)
 *     batch/{00000}                                    a batch of the snapshot, recipients as JSON
 *     left-out/{00000}                                 members left out at the snapshot, and why
 *     recipient/{key}                                  delivery events of a recipient (webhooks)
 */

export const SEND_COLLECTION = 'campaign-send';
export const BATCH_COLLECTION = 'batch';
export const LEFT_OUT_COLLECTION = 'left-out';
/** Delivery flags from the provider's events (webhook), one document per recipient key. */
export const RECIPIENT_COLLECTION = 'recipient';

export interface StoredRecipient extends PlannedRecipient {
  state: RecipientSendState;
  reason?: string;
  /** When its last call started (ms), while 'sending'. */
  since?: number;
  /** Reconciliation rounds so far, while 'sending'. */
  checks?: number;
}

export interface StoredBatch {
  index: number;
  key: string;
  /** pending: someone to send or reconcile; done: every recipient settled. */
  state: 'pending' | 'sending' | 'done';
  attempts: number;
  recipients: StoredRecipient[];
}

/** The states a recipient never leaves. */
export type SettledState = 'sent' | 'failed' | 'opted-out' | 'unknown';
export const SETTLED = new Set<RecipientSendState>(['sent', 'failed', 'opted-out', 'unknown']);

/** A change of one recipient's state, as the steps decide it and record-outcomes writes it. */
export type RecipientChange =
  | { state: 'pending' }
  | { state: 'sending'; since?: number; checks?: number }
  | { state: 'sent' }
  | { state: 'failed' | 'opted-out' | 'unknown'; reason: string };

/**
 * A batch as stored: the recipients as one JSON text (`recipientsJson`). Stored as an array of
 * maps, Firestore would index each of the 1,000 recipients' fields — thousands of index entries per
 * write, which made the snapshot of a 10,000-recipient send take seconds.
 */
export function batchFields(batch: Partial<StoredBatch>): Record<string, unknown> {
  const { recipients, ...rest } = batch;
  return recipients ? { ...rest, recipientsJson: JSON.stringify(recipients) } : rest;
}

export function readBatch(data: FirebaseFirestore.DocumentData | undefined): StoredBatch {
  const { recipientsJson, ...rest } = data ?? {};
  return {
    ...(rest as Omit<StoredBatch, 'recipients'>),
    recipients: typeof recipientsJson === 'string' ? (JSON.parse(recipientsJson) as StoredRecipient[]) : [],
  };
}

export function sendId(channel: string, campaignId: string): string {
  return `${channel}-${campaignId}`;
}

export function sendDocPath(project: string, id: string): string {
  return `${PROJECT_COLLECTION}/${project}/${SEND_COLLECTION}/${id}`;
}

export const sha256Hex = (text: string, length = 32) => createHash('sha256').update(text).digest('hex').slice(0, length);

/** A batch's document id: its index, padded so ids sort as the batches do. */
export const batchId = (index: number) => String(index).padStart(5, '0');

export class SendBusyError extends Error {
  constructor() {
    super('Envio em andamento por outra execução.');
    this.name = 'SendBusyError';
  }
}

/** What the screen shows for an error that stopped a run: Portuguese, never a raw store or library error. */
export function operatorMessage(error: unknown): string | null {
  if (error instanceof SendBusyError) return null;
  if (error instanceof PermanentSendError) return error.message;
  if (isTransientStoreError(error)) return 'O banco de dados estava ocupado; o envio continua sozinho em instantes.';
  // Network and other unexpected errors: a Portuguese sentence (send-errors.ts); the original text is logged by the caller.
  return operatorSendError(error).message;
}
