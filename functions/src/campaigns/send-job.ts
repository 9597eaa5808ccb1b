import { createHash, randomUUID } from 'node:crypto';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions';
import { PROJECT_COLLECTION, planSend, type LeftOutReason, type PlannedRecipient, type RecipientSendState, type SegmentMember } from '@console/shared';
import { PermanentSendError, type BatchOutcome, type OpenChannel, type SendChannel } from './channel.js';
import { OperatorSendError, operatorSendError } from './send-errors.js';

/**
 * The campaign send job, whatever the channel. Exactly once per recipient, under double clicks,
 * redelivered tasks, a worker dying mid-way and answers lost on the way back:
 *
 * - one send document per campaign (campaign-send/{channel}-{campaignId}); the send endpoint
 *   creates it in a transaction, so ten clicks start one send;
 * - one runner at a time: a lease on the send document (owner, until), renewed at every batch and
 *   checked before every provider call; a second delivery finding a live lease retries later;
 * - the segment is snapshot once into batches (deterministic keys) in one transaction;
 * - before a provider call the batch is marked 'sending' (the intent); after it, the recipients'
 *   states are recorded. A batch found 'sending' — its worker died after the call, or the answer
 *   was lost (5xx, timeout, accept-then-drop) — is settled by asking the provider which of its
 *   recipients it already has (channel.alreadySent, by the batch key) before anything is resent;
 * - 429 waits for the provider's reset, 5xx/unknown back off (1, 2, 4 … 30 s); past the in-run
 *   limits the task fails and Cloud Tasks retries it; the send is finished only when no recipient
 *   is pending.
 */

export const SEND_COLLECTION = 'campaign-send';
export const BATCH_COLLECTION = 'batch';
export const LEFT_OUT_COLLECTION = 'left-out';
/** Recipient flags from delivery events (webhook), one document per recipient key. */
export const RECIPIENT_COLLECTION = 'recipient';

const LEASE_MS = 2 * 60_000;
const MAX_BATCHES = 450;
const MAX_UNKNOWN_RETRIES = 6;
const MAX_WAITS = 120;

export interface StoredRecipient extends PlannedRecipient {
  state: RecipientSendState;
  reason?: string;
}

export interface StoredBatch {
  index: number;
  key: string;
  /** pending: to send; sending: a call was made whose outcome is not recorded; done: nobody pending. */
  state: 'pending' | 'sending' | 'done';
  attempts: number;
  recipients: StoredRecipient[];
}

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

export interface SendJobDeps {
  firestore: Firestore;
  channel: SendChannel;
  /** The segment's members at send time. */
  loadMembers(project: string, campaign: Record<string, unknown>): Promise<SegmentMember[]>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  leaseMs?: number;
  /** Time this run may take before handing over to a continuation task (Cloud Tasks' deadline). */
  budgetMs?: number;
  /** Test hook: called after each provider call, before its outcome is recorded (a throw = the worker dies). */
  afterProviderCall?: (batch: StoredBatch, outcome: BatchOutcome) => void | Promise<void>;
}

export type SendJobResult = 'finished' | 'already-finished' | 'busy' | 'continue';

export function sendId(channel: string, campaignId: string): string {
  return `${channel}-${campaignId}`;
}

export function sendDocPath(project: string, id: string): string {
  return `${PROJECT_COLLECTION}/${project}/${SEND_COLLECTION}/${id}`;
}

export const sha256Hex = (text: string, length = 32) => createHash('sha256').update(text).digest('hex').slice(0, length);

const batchId = (index: number) => String(index).padStart(5, '0');

export class SendBusyError extends Error {
  constructor() {
    super('Envio em andamento por outra execução.');
    this.name = 'SendBusyError';
  }
}

/** Runs (or resumes) the send of `send` (a campaign-send document). */
export async function runSendJob(project: string, id: string, deps: SendJobDeps): Promise<SendJobResult> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const owner = randomUUID();
  const started = now();
  const sendRef = deps.firestore.doc(sendDocPath(project, id));
  const batches = sendRef.collection(BATCH_COLLECTION);

  // Claim the lease.
  const claim = await deps.firestore.runTransaction(async (tx) => {
    const send = (await tx.get(sendRef)).data();
    if (!send) return 'missing' as const;
    if (send.status === 'finished') return 'finished' as const;
    const lease = send.lease as { owner?: string; until?: number } | undefined;
    if (lease?.owner && lease.owner !== owner && Number(lease.until) > now()) return 'busy' as const;
    tx.update(sendRef, { lease: { owner, until: now() + leaseMs }, updatedAt: FieldValue.serverTimestamp() });
    return 'claimed' as const;
  });
  if (claim === 'missing') throw new PermanentSendError(`Envio ${id} não existe.`);
  if (claim === 'finished') return 'already-finished';
  if (claim === 'busy') return 'busy';

  /** Runs `write` in a transaction only while the lease is still ours, renewing it. */
  async function underLease(write: (tx: FirebaseFirestore.Transaction) => void | 'release' | Promise<void | 'release'>, extra: Record<string, unknown> = {}) {
    await deps.firestore.runTransaction(async (tx) => {
      const send = (await tx.get(sendRef)).data();
      const lease = send?.lease as { owner?: string } | undefined;
      if (!send || lease?.owner !== owner) throw new SendBusyError();
      // Reads first (Firestore transactions), then the writes; a write that ends the send releases the lease.
      const outcome = await write(tx);
      const release = outcome === 'release';
      tx.update(sendRef, { lease: release ? FieldValue.delete() : { owner, until: now() + leaseMs }, updatedAt: FieldValue.serverTimestamp(), ...extra });
    });
  }

  const send = (await sendRef.get()).data()!;
  const campaignRef = deps.firestore.doc(`${PROJECT_COLLECTION}/${project}/${deps.channel.campaignCollection}/${send.campaignId}`);
  try {
    const campaign = (await campaignRef.get()).data();
    if (!campaign) throw new PermanentSendError('Campanha não encontrada.');

    if (send.status === 'preparing') await snapshot(campaign);
    const open = await deps.channel.open({ project, campaignId: String(send.campaignId), campaign, sendId: id });

    const ids = (await batches.select().get()).docs.map((d) => d.id).sort();
    for (const bid of ids) {
      const outcome = await runBatch(batches.doc(bid), open);
      if (outcome === 'continue') return 'continue';
    }
    // Finished only when every batch has nobody pending.
    let finished = false;
    await underLease(async (tx) => {
      const all = await tx.get(batches.select('state'));
      finished = all.docs.every((d) => d.get('state') === 'done');
      if (!finished) return;
      tx.update(sendRef, { status: 'finished', finishedAt: FieldValue.serverTimestamp(), lastError: null });
      return 'release' as const;
    });
    return finished ? 'finished' : 'continue';
  } catch (error) {
    if (error instanceof PermanentSendError) {
      await sendRef.update({ status: 'finished', lastError: error.message, finishedAt: FieldValue.serverTimestamp(), lease: FieldValue.delete() });
      logger.warn('campaign send stopped', { project, id, reason: error.message });
      return 'finished';
    }
    // Let the next delivery take over at once (the error is kept for the screen, in Portuguese;
    // its technical text goes to the log).
    const shown = error instanceof SendBusyError ? null : operatorSendError(error);
    if (shown?.detail) logger.error('campaign send interrupted', { project, id, detail: shown.detail });
    await sendRef.update({ lastError: shown?.message ?? null, lease: FieldValue.delete(), stalledAt: now() }).catch(() => undefined);
    throw error;
  }

  async function snapshot(campaign: Record<string, unknown>) {
    const members = await deps.loadMembers(project, campaign);
    const preferences = await deps.channel.loadPreferences(project);
    const plan = planSend(members, preferences, deps.channel.addressing, { sendKey: `${project}\n${id}`, hash: (t) => sha256Hex(t) });
    if (plan.batches.length > MAX_BATCHES) throw new PermanentSendError(`Segmento grande demais para um envio (${plan.total} destinatários).`);
    const leftOut: Record<string, number> = {};
    for (const m of plan.leftOut) leftOut[m.reason] = (leftOut[m.reason] ?? 0) + 1;
    // One atomic batched write, made only if the send document is unchanged since it was read
    // under our lease (a transaction holding 1.5 MB of batches would be slower for the same guarantee).
    const current = await sendRef.get();
    const data = current.data();
    if (data?.status !== 'preparing') return;
    if ((data.lease as { owner?: string } | undefined)?.owner !== owner) throw new SendBusyError();
    const write = deps.firestore.batch();
    for (const batch of plan.batches) {
      const stored: StoredBatch = {
        index: batch.index,
        key: batch.key,
        state: 'pending',
        attempts: 0,
        recipients: batch.recipients.map((r) => ({ ...r, state: 'pending' })),
      };
      write.set(batches.doc(batchId(batch.index)), batchFields(stored));
    }
    for (let i = 0; i * 1000 < plan.leftOut.length; i += 1) {
      write.set(sendRef.collection(LEFT_OUT_COLLECTION).doc(batchId(i)), {
        members: plan.leftOut.slice(i * 1000, (i + 1) * 1000) as { reason: LeftOutReason }[],
      });
    }
    write.update(
      sendRef,
      {
        status: 'sending',
        total: plan.total,
        batches: plan.batches.length,
        leftOut,
        sent: 0,
        failed: 0,
        optedOut: 0,
        lease: { owner, until: now() + leaseMs },
        snapshotAt: FieldValue.serverTimestamp(),
      },
      { lastUpdateTime: current.updateTime },
    );
    await write.commit();
  }

  async function runBatch(ref: DocumentReference, open: OpenChannel): Promise<'done' | 'continue'> {
    let unknownRetries = 0;
    let waits = 0;
    while (true) {
      const batch = readBatch((await ref.get()).data());
      if (batch.state === 'done') return 'done';
      if (now() - started > (deps.budgetMs ?? Number.POSITIVE_INFINITY)) return 'continue';

      // An earlier call's outcome is unknown: ask the provider before sending anyone again.
      if (batch.state === 'sending') {
        const waiting = batch.recipients.filter((r) => r.state === 'pending');
        const already = waiting.length ? await open.alreadySent(batch, waiting) : new Set<string>();
        await record(ref, batch, new Map([...already].map((k) => [k, { state: 'sent' as const }])), 'pending');
        continue;
      }

      const pending = batch.recipients.filter((r) => r.state === 'pending');
      if (pending.length === 0) {
        await record(ref, batch, new Map(), 'done');
        return 'done';
      }
      // The intent, before the call.
      await underLease((tx) => {
        tx.update(ref, { state: 'sending', attempts: FieldValue.increment(1), sendingSince: FieldValue.serverTimestamp() });
      });
      const outcome = await open.send(batch, pending);
      await deps.afterProviderCall?.(batch, outcome);

      if (outcome.kind === 'results') {
        const unknown = [...outcome.results.values()].some((o) => o.state === 'unknown');
        await record(ref, batch, outcome.results, unknown ? 'sending' : 'pending');
        const retry = [...outcome.results.values()].find((o) => o.state === 'retry' || o.state === 'unknown');
        if (retry) {
          unknownRetries += 1;
          if (unknownRetries > MAX_UNKNOWN_RETRIES) throw new OperatorSendError(`Lote ${batch.index + 1}: ${'reason' in retry ? retry.reason : ''}`);
          await sleep(backoff(unknownRetries));
        }
        continue;
      }
      if (outcome.kind === 'refused') {
        const failed = new Map(pending.map((r) => [r.key, { state: 'failed' as const, reason: outcome.reason }]));
        await record(ref, batch, failed, 'pending', outcome.reason);
        continue;
      }
      if (outcome.kind === 'wait') {
        // Nothing was accepted: back to pending, wait for the provider's reset.
        await record(ref, batch, new Map(), 'pending', outcome.reason);
        waits += 1;
        if (waits > MAX_WAITS) throw new OperatorSendError(`Lote ${batch.index + 1}: ${outcome.reason}`);
        await sleep(Math.max(0, outcome.untilMs - now()));
        continue;
      }
      // unknown: stays 'sending' (settled at the top of the loop) after a backoff.
      await underLease(() => undefined, { lastError: `Lote ${batch.index + 1}: ${outcome.reason}; verificando antes de reenviar.` });
      unknownRetries += 1;
      if (unknownRetries > MAX_UNKNOWN_RETRIES) throw new OperatorSendError(`Lote ${batch.index + 1}: ${outcome.reason}`);
      await sleep(backoff(unknownRetries));
    }
  }

  /** Records recipient outcomes and the batch's next state, and moves the send's counters. */
  async function record(
    ref: DocumentReference,
    before: StoredBatch,
    outcomes: ReadonlyMap<string, { state: string; reason?: string }>,
    nextState: StoredBatch['state'],
    lastError?: string,
  ) {
    await underLease(
      async (tx) => {
        const batch = readBatch((await tx.get(ref)).data());
        const counts = { sent: 0, failed: 0, optedOut: 0 };
        const optedOut: StoredRecipient[] = [];
        const recipients = batch.recipients.map((r) => {
          const outcome = outcomes.get(r.key);
          if (!outcome || r.state !== 'pending') return r;
          if (outcome.state === 'sent') {
            counts.sent += 1;
            return { ...r, state: 'sent' as const };
          }
          if (outcome.state === 'failed') {
            counts.failed += 1;
            return { ...r, state: 'failed' as const, reason: outcome.reason ?? '' };
          }
          if (outcome.state === 'opted-out') {
            counts.optedOut += 1;
            const next = { ...r, state: 'opted-out' as const, reason: outcome.reason ?? '' };
            optedOut.push(next);
            return next;
          }
          return r;
        });
        const state = recipients.some((r) => r.state === 'pending') ? (nextState === 'done' ? 'pending' : nextState) : 'done';
        tx.update(ref, batchFields({ recipients, state }));
        tx.update(sendRef, {
          sent: FieldValue.increment(counts.sent),
          failed: FieldValue.increment(counts.failed),
          optedOut: FieldValue.increment(counts.optedOut),
        });
        void before;
      },
      lastError !== undefined ? { lastError } : {},
    );
  }
}

function backoff(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** (attempt - 1));
}
