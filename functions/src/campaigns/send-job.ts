import { createHash, randomUUID } from 'node:crypto';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import * as logs from './logs.js';
import { isTransientStoreError, withStoreRetry } from '../lib/store-retry.js';
import { CAMPAIGN_CHUNK_RETRY, retryDelayMs } from '../lib/vendor-http.js';
import { PROJECT_COLLECTION, planSend, type LeftOutReason, type PlannedRecipient, type RecipientSendState, type SegmentMember } from '@console/shared';
import { PermanentSendError, type OpenChannel, type RecipientOutcome, type SendChannel } from './channel.js';
import { operatorSendError } from './send-errors.js';

/**
 * The campaign send job, one for every channel (the channels are plug-ins: channel.ts). Exactly
 * once per recipient is enforced here and only here, under double clicks, redelivered tasks, a
 * worker dying mid-way and answers lost on the way back:
 *
 * - one send document per campaign (campaign-send/{channel}-{campaignId}); the send endpoint
 *   creates it in a transaction, so ten clicks start one send;
 * - one runner at a time: a lease on the send document (owner, until), renewed at every write;
 * - the segment is snapshot once into batches (deterministic keys);
 * - every recipient ends in one settled state — sent, failed, opted-out, unknown — or was left out
 *   at the snapshot; every redelivery reads it. Before a provider call its recipients are marked
 *   'sending' (the intent, with the time); after it, each one's outcome is recorded. A recipient
 *   found 'sending' — its worker died, or the call ended without an answer — is reconciled with
 *   the provider (channel.settle) before anything is sent to it again: the provider says sent,
 *   failed, opted out or not sent (then it is sent again); while it cannot tell, the job waits, and
 *   after MAX_SETTLE_CHECKS it settles as 'unknown' ('sem confirmação'): never resent blindly,
 *   never counted as sent;
 * - what the provider did not take (5xx, 429, refused connection) is retried inside the channel
 *   with backoff under the account's shared pacer; a chunk still not taken goes back to pending,
 *   and after CONSECUTIVE_FAILURES_BEFORE_PAUSE such chunks in a row the send pauses itself with
 *   the reason shown;
 * - the operator may pause, resume and cancel (send-control.ts): the job stops between chunks;
 * - transient store errors (ABORTED: lock timeouts, UNAVAILABLE) are retried, and what the screen
 *   shows is Portuguese, never a raw error.
 */

export const SEND_COLLECTION = 'campaign-send';
export const BATCH_COLLECTION = 'batch';
export const LEFT_OUT_COLLECTION = 'left-out';
/** Recipient flags from delivery events (webhook), one document per recipient key. */
export const RECIPIENT_COLLECTION = 'recipient';

const LEASE_MS = 2 * 60_000;
const MAX_BATCHES = 450;
/**
 * Batches written per commit while a large snapshot is taken (the last commit also makes the send
 * 'sending'): a Firestore commit carries at most 10 MiB, about 40 batches of 1,000 recipients.
 */
const SNAPSHOT_BATCHES_PER_WRITE = 25;
/** Chunks in a row the provider did not take (after the channel's own retries) before the send pauses itself. */
export const CONSECUTIVE_FAILURES_BEFORE_PAUSE = 5;
/** Reconciliation rounds of one in-doubt recipient before it settles as 'unknown' (sem confirmação). */
export const MAX_SETTLE_CHECKS = 30;
/** Wait between two reconciliation rounds. */
const SETTLE_WAIT_MS = 5_000;

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
  /**
   * The segment's members at send time, page by page (the warehouse's, customer-warehouse/
   * member-source.ts); when given, the snapshot reads them instead of loadMembers.
   */
  memberPages?(project: string, campaign: Record<string, unknown>): AsyncIterable<SegmentMember[]>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  leaseMs?: number;
  /** Time this run may take before handing over to a continuation task (Cloud Tasks' deadline). */
  budgetMs?: number;
  /** Test hook: called after each send() of a chunk, before its outcomes are recorded (a throw = the worker dies). */
  afterProviderCall?: (batch: StoredBatch, outcomes: ReadonlyMap<string, RecipientOutcome>) => void | Promise<void>;
  /** Chunks in a row not taken before pausing (CONSECUTIVE_FAILURES_BEFORE_PAUSE). */
  pauseAfterFailures?: number;
  settleWaitMs?: number;
  maxSettleChecks?: number;
  /** Batches per commit of a large snapshot (SNAPSHOT_BATCHES_PER_WRITE; tests make it small). */
  snapshotBatchesPerWrite?: number;
}

/**
 * Where a run's time went, in ms per phase (snapshot and its parts, preparing chunks, waiting for a
 * call slot, provider calls, recording outcomes, reconciliation, backoff) and the account pacer's
 * figures over the run (waits for a slot, retries, holds). Parallel chunks overlap, so the phases
 * may add up to more than the run. Stored on the send document as `runTrace` when a run ends.
 */
export type SendTrace = Record<string, number>;

export type SendJobResult = 'finished' | 'already-finished' | 'busy' | 'continue' | 'paused' | 'cancelled';
/** The send statuses in which the job does not run. */
const STOPPED = new Set(['finished', 'paused', 'cancelled']);

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

/** A problem of the send told in the operator's words (kept as the send's lastError while it retries). */
export class SendProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SendProblem';
  }
}

/** What the screen shows for an error that stopped a run: Portuguese, never a raw store or library error. */
export function operatorMessage(error: unknown): string | null {
  if (error instanceof SendBusyError) return null;
  if (error instanceof SendProblem || error instanceof PermanentSendError) return error.message;
  if (isTransientStoreError(error)) return 'O banco de dados estava ocupado; o envio continua sozinho em instantes.';
  // Network and other unexpected errors: a Portuguese sentence (send-errors.ts); the original text is logged by the caller.
  return operatorSendError(error).message;
}

/** Runs (or resumes) the send `id` (a campaign-send document). */
export async function runSendJob(project: string, id: string, deps: SendJobDeps): Promise<SendJobResult> {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const leaseMs = deps.leaseMs ?? LEASE_MS;
  const pauseAfter = deps.pauseAfterFailures ?? CONSECUTIVE_FAILURES_BEFORE_PAUSE;
  const maxChecks = deps.maxSettleChecks ?? MAX_SETTLE_CHECKS;
  const owner = randomUUID();
  const started = now();
  const trace: SendTrace = {};
  /** Adds the time of `work` to `phase` in the run's trace. */
  async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
    const t = performance.now();
    try {
      return await work();
    } finally {
      trace[phase] = Math.round((trace[phase] ?? 0) + performance.now() - t);
    }
  }
  const sendRef = deps.firestore.doc(sendDocPath(project, id));
  const batches = sendRef.collection(BATCH_COLLECTION);

  // The campaign (its id is the send's after `{channel}-`) is read beside the lease's claim: one
  // store round trip less before the first call.
  const channelPrefix = `${deps.channel.id}-`;
  const campaignRefOf = (campaignId: string) => deps.firestore.doc(`${PROJECT_COLLECTION}/${project}/${deps.channel.campaignCollection}/${campaignId}`);
  const campaignAhead = id.startsWith(channelPrefix) ? withStoreRetry(() => campaignRefOf(id.slice(channelPrefix.length)).get()) : null;
  campaignAhead?.catch(() => undefined);

  // Claim the lease; a run also notes where it started (the screen's rate and time left).
  const claim = await withStoreRetry(() =>
    deps.firestore.runTransaction(async (tx) => {
      const send = (await tx.get(sendRef)).data();
      if (!send) return { state: 'missing' as const };
      if (STOPPED.has(String(send.status))) return { state: String(send.status) as 'finished' | 'paused' | 'cancelled' };
      const lease = send.lease as { owner?: string; until?: number } | undefined;
      if (lease?.owner && lease.owner !== owner && Number(lease.until) > now()) return { state: 'busy' as const };
      tx.update(sendRef, {
        lease: { owner, until: now() + leaseMs },
        run: { startedAt: now(), sentAtStart: Number(send.sent ?? 0) },
        updatedAt: FieldValue.serverTimestamp(),
      });
      return { state: 'claimed' as const, send };
    }),
  );
  if (claim.state === 'missing') throw new PermanentSendError(`Envio ${id} não existe.`);
  if (claim.state === 'finished') return 'already-finished';
  if (claim.state !== 'claimed') return claim.state;

  /** Runs `write` in a transaction only while the lease is still ours, renewing it. */
  async function underLease<T>(
    write: (tx: FirebaseFirestore.Transaction, send: FirebaseFirestore.DocumentData) => T | Promise<T>,
    extra: Record<string, unknown> = {},
    /** Whether the result ends the run: the lease is released instead of renewed. */
    releases: (result: T) => boolean = () => false,
  ): Promise<T> {
    return withStoreRetry(() =>
      deps.firestore.runTransaction(async (tx) => {
        const send = (await tx.get(sendRef)).data();
        const lease = send?.lease as { owner?: string } | undefined;
        if (!send || lease?.owner !== owner) throw new SendBusyError();
        // Reads first (Firestore transactions), then the writes.
        const result = await write(tx, send);
        tx.update(sendRef, {
          lease: releases(result) ? FieldValue.delete() : { owner, until: now() + leaseMs },
          updatedAt: FieldValue.serverTimestamp(),
          ...extra,
        });
        return result;
      }),
    );
  }

  /** 'paused' or 'cancelled' when the operator (or the failure guard) stopped the send. */
  async function stopRequested(): Promise<'paused' | 'cancelled' | null> {
    const status = (await withStoreRetry(() => sendRef.get())).get('status');
    return status === 'paused' || status === 'cancelled' ? status : null;
  }
  const release = () => withStoreRetry(() => sendRef.update({ lease: FieldValue.delete() })).catch(() => undefined);

  // The chunks of this run on the wire: their recipients (claimed — 'sending' — before the call)
  // are this runner's own, never taken as in doubt; `calls` are the provider calls not yet
  // returned, `tasks` the chunks not yet recorded.
  const onWire = new Set<string>();
  // This run's recipient writes go one at a time: a claim and a record at once would only
  // contend for the send document (both renew the lease and move its counters).
  let writes: Promise<unknown> = Promise.resolve();
  function oneAtATime<T>(write: () => Promise<T>): Promise<T> {
    const next = writes.then(write, write);
    writes = next.catch(() => undefined);
    return next;
  }
  /** Batches this run saw settled (not read again). */
  const doneBatches = new Set<string>();
  const calls = new Set<Promise<void>>();
  const tasks = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  const throwIfFailed = () => {
    if (failure) throw failure.error;
  };
  async function drain() {
    while (tasks.size) await Promise.race(tasks);
    throwIfFailed();
  }

  const send = claim.send;
  const campaignRef = campaignRefOf(String(send.campaignId));
  try {
    const ahead = await campaignAhead?.catch(() => null);
    const campaign = (ahead?.ref.path === campaignRef.path ? ahead : await withStoreRetry(() => campaignRef.get())).data();
    if (!campaign) throw new PermanentSendError('Campanha não encontrada.');

    // The channel opens (template, sender, credentials) while the snapshot is taken.
    // Both settle before a failure of either is handled (no snapshot write racing the error's).
    const opening = timed('open channel', () => deps.channel.open({ project, campaignId: String(send.campaignId), campaign, sendId: id }));
    const [opened, snapped] = await Promise.allSettled([opening, send.status === 'preparing' ? timed('snapshot', () => snapshot(campaign, opening)) : null]);
    if (snapped.status === 'rejected') throw snapped.reason;
    if (opened.status === 'rejected') throw opened.reason;
    const open = opened.value;
    const paceAtStart = open.paceStats?.() ?? {};
    const sendsAtOnce = Math.max(1, open.sendsAtOnce ?? 1);
    /** The run's trace with the pacer's figures over the run, as stored on the send document. */
    const runTrace = () => {
      const pace = open.paceStats?.() ?? {};
      const out: SendTrace = { ...trace, runMs: now() - started };
      for (const [k, v] of Object.entries(pace)) out[`pacer ${k}`] = Math.round(v - (paceAtStart[k] ?? 0));
      return out;
    };

    // The batches: those this run's snapshot wrote, or as stored.
    const ids = snapped.value?.ids ?? (await withStoreRetry(() => batches.select().get())).docs.map((d) => d.id).sort();
    try {
      // The first chunk was claimed in the snapshot's own write: its call leaves now.
      const first = snapped.value?.first;
      if (first) void startChunk(open, batches.doc(batchId(first.batch.index)), first.batch, first.chunk, first.since);
      // Passes over the batches: a batch whose last chunks are still on the wire is left for the
      // next pass (after they are recorded), so the provider is kept busy across batches.
      for (let more = true; more;) {
        more = false;
        for (const bid of ids) {
          if (doneBatches.has(bid)) continue;
          const outcome = await runBatch(batches.doc(bid), open, sendsAtOnce);
          if (outcome === 'done') continue;
          if (outcome === 'on-wire') {
            more = true;
            continue;
          }
          await drain();
          if (outcome === 'continue') return 'continue';
          await withStoreRetry(() => sendRef.update({ runTrace: runTrace() })).catch(() => undefined);
          await release();
          return outcome;
        }
        await drain();
      }
    } catch (error) {
      // Nothing of this run may still be on the wire or writing when it ends.
      await drain().catch(() => undefined);
      throw error;
    }
    // Finished only when every batch has every recipient settled, and nobody stopped it.
    const ending = await underLease(
      async (tx, current) => {
        const all = await tx.get(batches.select('state'));
        if (current.status !== 'sending') return String(current.status) as 'paused' | 'cancelled';
        if (!all.docs.every((d) => d.get('state') === 'done')) return 'continue' as const;
        tx.update(sendRef, { status: 'finished', finishedAt: FieldValue.serverTimestamp(), lastError: null, runTrace: runTrace() });
        return 'finished' as const;
      },
      {},
      (result) => result !== 'continue',
    );
    return ending;
  } catch (error) {
    if (error instanceof PermanentSendError) {
      await withStoreRetry(() =>
        sendRef.update({ status: 'finished', lastError: error.message, finishedAt: FieldValue.serverTimestamp(), lease: FieldValue.delete() }),
      );
      logs.campaignSendStopped(project, id, error.message);
      return 'finished';
    }
    logs.campaignSendRunFailed(project, id, error);
    // Let the next delivery take over at once (the problem is kept for the screen, in Portuguese).
    const message = operatorMessage(error);
    await sendRef.update({ ...(message !== null ? { lastError: message } : {}), lease: FieldValue.delete(), stalledAt: now() }).catch(() => undefined);
    throw error;
  }

  /**
   * Takes the segment's snapshot into batches, in one write made only while the send is still
   * 'preparing' under our lease. When the channel opened, the write also claims the first chunk
   * (its recipients 'sending', the intent), so its call leaves right after the write; the
   * account's call slot is reserved meanwhile. Answers the batches written and that chunk, or null
   * when the send was no longer preparing.
   */
  async function snapshot(
    campaign: Record<string, unknown>,
    opening: Promise<OpenChannel>,
  ): Promise<{ ids: string[]; first: { batch: StoredBatch; chunk: StoredRecipient[]; since: number } | null } | null> {
    // The send is read beside the members: the write's precondition (its update time) still
    // refuses it if anything changed the send after this read.
    const [members, preferences, current] = await Promise.all([
      timed('snapshot: members', async () => {
        if (!deps.memberPages) return deps.loadMembers(project, campaign);
        const members: SegmentMember[] = [];
        for await (const page of deps.memberPages(project, campaign)) for (const m of page) members.push(m);
        return members;
      }),
      timed('snapshot: preferences', () => deps.channel.loadPreferences(project)),
      withStoreRetry(() => sendRef.get()),
    ]);
    const planned = performance.now();
    const plan = planSend(members, preferences, deps.channel.addressing, { sendKey: `${project}\n${id}`, hash: (t) => sha256Hex(t) });
    if (plan.batches.length > MAX_BATCHES) throw new PermanentSendError(`Segmento grande demais para um envio (${plan.total} destinatários).`);
    trace['snapshot: plan'] = Math.round(performance.now() - planned);
    const leftOut: Record<string, number> = {};
    for (const m of plan.leftOut) leftOut[m.reason] = (leftOut[m.reason] ?? 0) + 1;
    // One atomic batched write, made only if the send document is unchanged since it was read
    // under our lease (a transaction holding 1.5 MB of batches would be slower for the same guarantee).
    const data = current.data();
    if (data?.status !== 'preparing') return null;
    if ((data.lease as { owner?: string } | undefined)?.owner !== owner) throw new SendBusyError();
    // Without an open channel (its error is handled by the caller) nothing is claimed.
    const open = await opening.catch(() => null);
    const chunkSize = open ? Math.max(1, open.chunkSize) : 0;
    const since = now();
    let first: { batch: StoredBatch; chunk: StoredRecipient[]; since: number } | null = null;
    // A large snapshot is written in several commits while the send stays 'preparing' (its
    // progress on the send document, `snapshotProgress`); each commit is made only if the send is
    // unchanged since our previous one, and only the last makes it 'sending'. Nothing is sent
    // before that, so a snapshot cut short is simply taken again (batches left over by a longer
    // earlier attempt are deleted in the last commit).
    let lastUpdateTime = current.updateTime;
    const perWrite = Math.max(1, deps.snapshotBatchesPerWrite ?? SNAPSHOT_BATCHES_PER_WRITE);
    const head = plan.batches.length > perWrite ? plan.batches.length - perWrite : 0;
    for (let start = 0; start < head; start += perWrite) {
      const part = deps.firestore.batch();
      const end = Math.min(head, start + perWrite);
      for (const batch of plan.batches.slice(start, end)) {
        part.set(
          batches.doc(batchId(batch.index)),
          batchFields({
            index: batch.index,
            key: batch.key,
            state: 'pending',
            attempts: 0,
            recipients: batch.recipients.map((r) => ({ ...r, state: 'pending' as const })),
          }),
        );
      }
      part.update(sendRef, { snapshotProgress: { written: end, batches: plan.batches.length }, lease: { owner, until: now() + leaseMs } }, { lastUpdateTime });
      const results = await timed('snapshot: write', () => part.commit());
      lastUpdateTime = results[results.length - 1]!.writeTime;
    }
    const write = deps.firestore.batch();
    if (data.snapshotProgress) {
      const written = await withStoreRetry(() => batches.select().get());
      for (const d of written.docs) if (Number(d.id) >= plan.batches.length) write.delete(d.ref);
    }
    for (const batch of plan.batches.slice(head)) {
      const claimed = first === null && chunkSize > 0;
      const recipients = batch.recipients.map((r, i): StoredRecipient =>
        claimed && i < chunkSize ? { ...r, state: 'sending', since, checks: 0 } : { ...r, state: 'pending' },
      );
      const stored: StoredBatch = { index: batch.index, key: batch.key, state: 'pending', attempts: claimed ? 1 : 0, recipients };
      if (claimed) first = { batch: stored, chunk: recipients.slice(0, chunkSize), since };
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
        unknown: 0,
        consecutiveFailures: 0,
        lease: { owner, until: now() + leaseMs },
        snapshotAt: FieldValue.serverTimestamp(),
        ...(head ? { snapshotProgress: { written: plan.batches.length, batches: plan.batches.length } } : {}),
      },
      { lastUpdateTime },
    );
    // The first call's slot is reserved while the snapshot is written.
    if (first) open?.prepareCalls?.(first.chunk.length);
    await timed('snapshot: write', () => write.commit());
    return { ids: plan.batches.map((b) => batchId(b.index)).sort(), first };
  }

  /**
   * Runs one batch until it is done, or until everything left in it is on the wire ('on-wire':
   * the caller moves on to the next batch and comes back), or the run stops.
   */
  async function runBatch(ref: DocumentReference, open: OpenChannel, sendsAtOnce: number): Promise<'done' | 'on-wire' | 'continue' | 'paused' | 'cancelled'> {
    while (true) {
      throwIfFailed();
      // Copied before the read: a chunk recorded meanwhile is still taken as on the wire.
      const busy = new Set(onWire);
      const batch = await timed('read batch', async () => readBatch((await withStoreRetry(() => ref.get())).data()));
      if (batch.state === 'done') {
        doneBatches.add(ref.id);
        return 'done';
      }
      const stop = await stopRequested();
      if (stop) return stop;
      if (now() - started > (deps.budgetMs ?? Number.POSITIVE_INFINITY)) return 'continue';

      // Recipients whose call ended without an answer: ask the provider before sending anyone again.
      const inDoubt = batch.recipients.filter((r) => r.state === 'sending' && !busy.has(r.key));
      if (inDoubt.length) {
        // Only with nothing of this run on the wire: a chunk still recording is not in doubt.
        if (tasks.size) {
          await drain();
          continue;
        }
        const verdicts = await timed('settle', () =>
          open.settle(
            batch,
            inDoubt.map((r) => ({ ...r, since: r.since ?? 0 })),
          ),
        );
        const changes = new Map<string, RecipientChange>();
        let waiting = 0;
        for (const r of inDoubt) {
          const verdict = verdicts.get(r.key) ?? { state: 'unknown' as const, reason: 'sem resposta do provedor' };
          if (verdict.state === 'not-sent') changes.set(r.key, { state: 'pending' });
          else if (verdict.state !== 'unknown') changes.set(r.key, verdict);
          else if ((r.checks ?? 0) + 1 >= maxChecks) changes.set(r.key, { state: 'unknown', reason: verdict.reason });
          else {
            changes.set(r.key, { state: 'sending', checks: (r.checks ?? 0) + 1 });
            waiting += 1;
          }
        }
        await record(ref, changes, 'keep');
        if (waiting) await timed('settle', () => sleep(deps.settleWaitMs ?? SETTLE_WAIT_MS));
        continue;
      }

      const pending = batch.recipients.filter((r) => r.state === 'pending' && !busy.has(r.key));
      if (pending.length === 0) {
        if (batch.recipients.some((r) => busy.has(r.key))) return 'on-wire';
        await record(ref, new Map(), 'keep');
        return 'done';
      }
      const chunk = pending.slice(0, Math.max(1, open.chunkSize));
      // The claim, before the call (prepared while the chunks before are still on the wire): these
      // recipients may receive a message from here on, and no other chunk takes them.
      await timed('prepare chunk (claim)', () =>
        record(ref, new Map(chunk.map((r) => [r.key, { state: 'sending' as const, since: now(), checks: 0 }])), 'keep', {
          batch: { attempts: FieldValue.increment(1) },
        }),
      );
      await timed('wait for a call slot', async () => {
        while (calls.size >= sendsAtOnce) await Promise.race(calls);
      });
      throwIfFailed();
      // Stopped meanwhile: the claimed chunk was never sent, so it goes back to pending at once.
      const stopped = await stopRequested();
      if (stopped) {
        await record(ref, new Map(chunk.map((r) => [r.key, { state: 'pending' as const }])), 'keep');
        return stopped;
      }
      const since = now();
      void startChunk(open, ref, batch, chunk, since);
    }
  }

  /** Sends a claimed chunk and records its outcomes, in the background of the batch loop. */
  function startChunk(open: OpenChannel, ref: DocumentReference, batch: StoredBatch, chunk: StoredRecipient[], since: number): Promise<void> {
    for (const r of chunk) onWire.add(r.key);
    let callReturned!: () => void;
    const call = new Promise<void>((resolve) => (callReturned = resolve));
    calls.add(call);
    const freeCall = () => {
      calls.delete(call);
      callReturned();
    };
    const task: Promise<void> = (async () => {
      try {
        const outcomes = await timed('provider calls', () => open.send(batch, chunk));
        await deps.afterProviderCall?.(batch, outcomes);
        const changes = new Map<string, RecipientChange>();
        let notTaken: string | null = null;
        let taken = false;
        for (const r of chunk) {
          const outcome = outcomes.get(r.key) ?? { state: 'unknown' as const, reason: 'sem resposta do canal' };
          if (outcome.state === 'retry') {
            changes.set(r.key, { state: 'pending' });
            notTaken = outcome.reason;
          } else if (outcome.state === 'unknown') {
            // Stays 'sending' (since kept): reconciled at the top of the batch loop.
            changes.set(r.key, { state: 'sending', since, checks: 0 });
          } else {
            changes.set(r.key, outcome);
            taken = true;
          }
        }
        // A chunk the provider took frees the call slot at once (its record overlaps the next
        // call); one it did not take holds the slot through the record and the backoff.
        if (!(notTaken && !taken)) freeCall();
        const failures = await timed('record outcomes', () =>
          record(ref, changes, taken || notTaken === null ? 'reset' : 'add', notTaken ? { send: { lastError: notTaken } } : {}),
        );
        if (notTaken && !taken) {
          if (failures >= pauseAfter) await pause(`Pausado automaticamente: ${failures} tentativas seguidas sem aceite do provedor (${notTaken}).`);
          else await timed('backoff', () => sleep(backoff(failures)));
        }
      } finally {
        freeCall();
      }
    })()
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => {
        for (const r of chunk) onWire.delete(r.key);
        tasks.delete(task);
      });
    tasks.add(task);
    return task;
  }

  /** The send pauses itself (the guard against a provider refusing everything). */
  async function pause(reason: string) {
    await underLease((tx, current) => {
      if (current.status === 'sending') tx.update(sendRef, { status: 'paused', pausedReason: reason, pausedAt: FieldValue.serverTimestamp(), pausedBy: null });
    });
    logs.campaignSendPaused(project, id, reason);
  }

  /**
   * Records recipient changes in a batch, moves the send's counters by the recipients that
   * settled, and the run of chunks not taken ('add' one, 'reset' it, 'keep' it); answers that run.
   */
  async function record(
    ref: DocumentReference,
    changes: ReadonlyMap<string, RecipientChange>,
    failureRun: 'add' | 'reset' | 'keep',
    extra: { batch?: Record<string, unknown>; send?: Record<string, unknown> } = {},
  ): Promise<number> {
    let run = 0;
    let settled = false;
    await oneAtATime(() =>
      underLease(async (tx, current) => {
        const batch = readBatch((await tx.get(ref)).data());
        const counts: Record<SettledState, number> = { sent: 0, failed: 0, 'opted-out': 0, unknown: 0 };
        const recipients = batch.recipients.map((r): StoredRecipient => {
          const change = changes.get(r.key);
          // A settled recipient never changes again (a late or repeated answer is ignored).
          if (!change || SETTLED.has(r.state)) return r;
          const { since: _since, checks: _checks, reason: _reason, ...base } = r;
          if (change.state === 'pending') return { ...base, state: 'pending' };
          if (change.state === 'sending') return { ...base, state: 'sending', since: change.since ?? r.since ?? now(), checks: change.checks ?? r.checks ?? 0 };
          counts[change.state] += 1;
          return { ...base, state: change.state, ...('reason' in change && change.reason ? { reason: change.reason } : {}) };
        });
        const done = recipients.every((r) => SETTLED.has(r.state));
        settled = done;
        tx.update(ref, { ...batchFields({ recipients, state: done ? 'done' : 'pending' }), ...extra.batch });
        run = failureRun === 'add' ? Number(current.consecutiveFailures ?? 0) + 1 : failureRun === 'reset' ? 0 : Number(current.consecutiveFailures ?? 0);
        tx.update(sendRef, {
          sent: FieldValue.increment(counts.sent),
          failed: FieldValue.increment(counts.failed),
          optedOut: FieldValue.increment(counts['opted-out']),
          unknown: FieldValue.increment(counts.unknown),
          consecutiveFailures: run,
          ...(failureRun === 'reset' && counts.sent ? { lastError: null } : {}),
          ...extra.send,
        });
      }),
    );
    if (settled) doneBatches.add(ref.id);
    return run;
  }
}

type SettledState = 'sent' | 'failed' | 'opted-out' | 'unknown';
const SETTLED = new Set<RecipientSendState>(['sent', 'failed', 'opted-out', 'unknown']);
type RecipientChange =
  | { state: 'pending' }
  | { state: 'sending'; since?: number; checks?: number }
  | { state: 'sent' }
  | { state: 'failed' | 'opted-out' | 'unknown'; reason: string };

/** The wait after `attempt` chunks in a row not taken: the vendor layer's policy (exponential, randomised, at most 30 s). */
function backoff(attempt: number): number {
  return retryDelayMs(attempt, CAMPAIGN_CHUNK_RETRY);
}
