import type { StoredBatch, StoredRecipient, RecipientChange } from './send-store.js';

/**
 * Step 2 of the send job, claiming a chunk (the exactly-once lease of recipients): from a batch
 * as read, what the run does next with it. A chunk is taken only from recipients 'pending' in a
 * read made after every earlier claim of the run committed, and is marked 'sending' (with the
 * time) before its call: from then on they may receive a message, and no other chunk takes them.
 * Recipients of this run's chunks on the wire (`onWire`) are never in doubt.
 */

export type BatchStep =
  /** Every recipient settled. */
  | { kind: 'done' }
  /** Nothing left to send but this run's chunks still on the wire: come back once they are recorded. */
  | { kind: 'on-wire' }
  /** Nothing pending nor in doubt, but the batch is not marked done yet: record it as done. */
  | { kind: 'close' }
  /** Recipients found 'sending' that are not this run's: reconcile them before anyone is sent again. */
  | { kind: 'reconcile'; inDoubt: StoredRecipient[] }
  /** The next chunk to claim and send. */
  | { kind: 'claim'; chunk: StoredRecipient[] };

/** What the run does next with `batch` (pure). `onWire`: keys of this run's recipients on the wire, copied before the read. */
export function nextBatchStep(batch: StoredBatch, onWire: ReadonlySet<string>, chunkSize: number): BatchStep {
  if (batch.state === 'done') return { kind: 'done' };
  const inDoubt = batch.recipients.filter((r) => r.state === 'sending' && !onWire.has(r.key));
  if (inDoubt.length) return { kind: 'reconcile', inDoubt };
  const pending = batch.recipients.filter((r) => r.state === 'pending' && !onWire.has(r.key));
  if (pending.length === 0) return batch.recipients.some((r) => onWire.has(r.key)) ? { kind: 'on-wire' } : { kind: 'close' };
  return { kind: 'claim', chunk: pending.slice(0, Math.max(1, chunkSize)) };
}

/** The claim of a chunk: each recipient 'sending' since `since`, no reconciliation round yet. */
export function claimChanges(chunk: readonly StoredRecipient[], since: number): Map<string, RecipientChange> {
  return new Map(chunk.map((r) => [r.key, { state: 'sending' as const, since, checks: 0 }]));
}

/** A claimed chunk that never left (the run stopped while it waited for its call slot): back to 'pending'. */
export function unclaimChanges(chunk: readonly StoredRecipient[]): Map<string, RecipientChange> {
  return new Map(chunk.map((r) => [r.key, { state: 'pending' as const }]));
}
