import { randomUUID } from 'node:crypto';
import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import { withStoreRetry } from '../lib/store-retry.js';
import { CAMPAIGN_CHUNK_RETRY, retryDelayMs } from '../lib/vendor-http.js';
import { PROJECT_COLLECTION, type SegmentMember } from '@console/shared';
import { PermanentSendError, type OpenChannel, type RecipientOutcome, type SendChannel } from './send-channel.js';
import { claimSendLease, sendLease } from './send-lease.js';
import { memberListOf, takeSnapshot, type ClaimedChunk, type MemberList } from './send-snapshot.js';
import { claimChanges, nextBatchStep, unclaimChanges } from './send-claim.js';
import { inDoubtOf, reconcileChanges } from './send-reconcile.js';
import { callChanges, ChunksOnWire } from './send-call.js';
import { recordChanges } from './send-record.js';
import { autoPauseReason, finishSend, pauseSend, stopOnError } from './send-finish.js';
import { BATCH_COLLECTION, batchId, readBatch, sendDocPath, type RecipientChange, type StoredBatch, type StoredRecipient } from './send-store.js';

/**
 * The campaign send job, one for every channel (the channels are plug-ins: send-channel.ts). Exactly
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

/**
 * The steps, one file each (pure where they can be, unit-tested apart):
 *
 *   send-lease.ts      one runner at a time: claim, renew under every write, release
 *   send-snapshot.ts   members (page by page) -> recipients in batches, the first chunk claimed
 *   send-claim.ts      what to do next with a batch: claim a chunk, reconcile, done
 *   send-reconcile.ts  the provider's verdicts on recipients in doubt
 *   send-call.ts       a chunk's call outcomes, and this run's chunks on the wire
 *   send-record.ts     outcomes into the batch and the send's counters
 *   send-finish.ts     finished, paused by the guard, or stopped by an error
 *
 * This file only runs them in order and keeps chunks overlapping on the wire.
 */

// The names the send's callers and tests know from here.
export { sendDocPath, sendId } from './send-store.js';

const LEASE_MS = 2 * 60_000;
/** Chunks in a row the provider did not take (after the channel's own retries) before the send pauses itself. */
export const CONSECUTIVE_FAILURES_BEFORE_PAUSE = 5;
/** Reconciliation rounds of one in-doubt recipient before it settles as 'unknown' (sem confirmação). */
const MAX_SETTLE_CHECKS = 30;
/** Wait between two reconciliation rounds. */
const SETTLE_WAIT_MS = 5_000;

/**
 * The segment's members: a list kept until the snapshot is written (a warehouse run, which a
 * resumed snapshot asks for again by `resume`), or all at once, or page by page.
 */
type MemberSource = (
  project: string,
  campaign: Record<string, unknown>,
  resume: { run: string; total: number } | null,
) => Promise<MemberList> | Promise<SegmentMember[]> | AsyncIterable<readonly SegmentMember[]>;

export interface SendJobDeps {
  firestore: Firestore;
  channel: SendChannel;
  /** The segment's members at send time (the snapshot reads them page by page). */
  loadMembers: MemberSource;
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
  /** Batches per commit of a large snapshot (send-snapshot.ts's SNAPSHOT_BATCHES_PER_WRITE; tests make it small). */
  snapshotBatchesPerWrite?: number;
}

/**
 * Where a run's time went, in ms per phase (snapshot and its parts, preparing chunks, waiting for a
 * call slot, provider calls, recording outcomes, reconciliation, backoff) and the account pacer's
 * figures over the run (waits for a slot, retries, holds). Parallel chunks overlap, so the phases
 * may add up to more than the run. Stored on the send document as `runTrace` when a run ends.
 */
type SendTrace = Record<string, number>;

type SendJobResult = 'finished' | 'already-finished' | 'busy' | 'continue' | 'paused' | 'cancelled';
type BatchOutcome = 'done' | 'on-wire' | 'continue' | 'paused' | 'cancelled';

/** Runs (or resumes) the send `id` (a campaign-send document): the steps in order, chunks overlapping on the wire. */
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
  const { firestore, channel } = deps;
  const sendRef = firestore.doc(sendDocPath(project, id));
  const batches = sendRef.collection(BATCH_COLLECTION);

  // The campaign (its id is the send's after `{channel}-`) is read beside the lease's claim: one
  // store round trip less before the first call.
  const channelPrefix = `${channel.id}-`;
  const campaignRefOf = (campaignId: string) => firestore.doc(`${PROJECT_COLLECTION}/${project}/${channel.campaignCollection}/${campaignId}`);
  const campaignAhead = id.startsWith(channelPrefix) ? withStoreRetry(() => campaignRefOf(id.slice(channelPrefix.length)).get()) : null;
  campaignAhead?.catch(() => undefined);

  const claim = await claimSendLease(firestore, sendRef, { owner, now, leaseMs });
  if (claim.state === 'missing') throw new PermanentSendError(`Envio ${id} não existe.`);
  if (claim.state === 'finished') return 'already-finished';
  if (claim.state !== 'claimed') return claim.state;
  const lease = sendLease(firestore, sendRef, { owner, now, leaseMs });

  const wire = new ChunksOnWire();
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
  async function record(
    ref: DocumentReference,
    changes: ReadonlyMap<string, RecipientChange>,
    move: 'add' | 'reset' | 'keep',
    extra: { batch?: Record<string, unknown>; send?: Record<string, unknown> } = {},
  ): Promise<number> {
    const { failureRun, done } = await oneAtATime(() => recordChanges(lease, sendRef, ref, changes, move, now, extra));
    if (done) doneBatches.add(ref.id);
    return failureRun;
  }

  const send = claim.send;
  const campaignRef = campaignRefOf(String(send.campaignId));
  try {
    const ahead = await campaignAhead?.catch(() => null);
    const campaign = (ahead?.ref.path === campaignRef.path ? ahead : await withStoreRetry(() => campaignRef.get())).data();
    if (!campaign) throw new PermanentSendError('Campanha não encontrada.');

    // The channel opens (template, sender, credentials) while the snapshot is taken.
    // Both settle before a failure of either is handled (no snapshot write racing the error's).
    const opening = timed('open channel', () => channel.open({ project, campaignId: String(send.campaignId), campaign, sendId: id }));
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
      if (first) startChunk(open, batches.doc(batchId(first.batch.index)), first.batch, first.chunk, first.since);
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
          await wire.drain();
          if (outcome === 'continue') return 'continue';
          await withStoreRetry(() => sendRef.update({ runTrace: runTrace() })).catch(() => undefined);
          await lease.release();
          return outcome;
        }
        await wire.drain();
      }
    } catch (error) {
      // Nothing of this run may still be on the wire or writing when it ends.
      await wire.drain().catch(() => undefined);
      throw error;
    }
    return await finishSend(lease, sendRef, runTrace);
  } catch (error) {
    return stopOnError(sendRef, project, id, error, now);
  }

  /**
   * The snapshot step: the members (page by page), the preferences and the send document read at
   * once; the plan; its one write, which also claims the first chunk when the channel opened (the
   * account's call slot reserved meanwhile). Answers the batch ids and that chunk, or null when
   * the send was no longer preparing.
   */
  async function snapshot(campaign: Record<string, unknown>, opening: Promise<OpenChannel>): Promise<{ ids: string[]; first: ClaimedChunk | null } | null> {
    // The send is read beside the preferences: each write's precondition (its update time) still
    // refuses it if anything changed the send after this read.
    const [preferences, current] = await Promise.all([
      timed('snapshot: preferences', () => channel.loadPreferences(project)),
      withStoreRetry(() => sendRef.get()),
    ]);
    return takeSnapshot({
      firestore,
      sendRef,
      current,
      preferences,
      addressing: channel.addressing,
      sendKey: `${project}\n${id}`,
      lease: { owner, until: now() + leaseMs },
      now,
      batchesPerWrite: deps.snapshotBatchesPerWrite,
      members: (resume) =>
        timed('snapshot: members', async () => {
          const source = deps.loadMembers(project, campaign, resume);
          if (Symbol.asyncIterator in source) return memberListOf(source);
          const answer = await source;
          return Array.isArray(answer) ? memberListOf(Promise.resolve(answer)) : (answer as MemberList);
        }),
      // Without an open channel (its error is handled by the caller) nothing is claimed; the
      // first call's slot is reserved while the last commit is made.
      claim: async () => {
        const open = await opening.catch(() => null);
        return open ? { chunk: Math.max(1, open.chunkSize), prepare: (n) => open.prepareCalls?.(n) } : null;
      },
    });
  }

  /**
   * Runs one batch until it is done, or until everything left in it is on the wire ('on-wire':
   * the caller moves on to the next batch and comes back), or the run stops.
   */
  async function runBatch(ref: DocumentReference, open: OpenChannel, sendsAtOnce: number): Promise<BatchOutcome> {
    while (true) {
      wire.throwIfFailed();
      // Copied before the read: a chunk recorded meanwhile is still taken as on the wire.
      const onWire = new Set(wire.recipients);
      const batch = await timed('read batch', async () => readBatch((await withStoreRetry(() => ref.get())).data()));
      if (batch.state === 'done') {
        doneBatches.add(ref.id);
        return 'done';
      }
      const stop = await lease.stopRequested();
      if (stop) return stop;
      if (now() - started > (deps.budgetMs ?? Number.POSITIVE_INFINITY)) return 'continue';

      const step = nextBatchStep(batch, onWire, open.chunkSize);
      if (step.kind === 'done') return 'done';
      if (step.kind === 'on-wire') return 'on-wire';
      if (step.kind === 'close') {
        await record(ref, new Map(), 'keep');
        return 'done';
      }
      if (step.kind === 'reconcile') {
        // Only with nothing of this run on the wire: a chunk still recording is not in doubt.
        if (wire.busy) {
          await wire.drain();
          continue;
        }
        const verdicts = await timed('settle', () => open.settle(batch, inDoubtOf(step.inDoubt)));
        const { changes, waiting } = reconcileChanges(step.inDoubt, verdicts, maxChecks);
        await record(ref, changes, 'keep');
        if (waiting) await timed('settle', () => sleep(deps.settleWaitMs ?? SETTLE_WAIT_MS));
        continue;
      }
      const chunk = step.chunk;
      // The claim, before the call (prepared while the chunks before are still on the wire).
      await timed('prepare chunk (claim)', () => record(ref, claimChanges(chunk, now()), 'keep', { batch: { attempts: FieldValue.increment(1) } }));
      await timed('wait for a call slot', () => wire.callSlot(sendsAtOnce));
      wire.throwIfFailed();
      // Stopped meanwhile: the claimed chunk was never sent, so it goes back to pending at once.
      const stopped = await lease.stopRequested();
      if (stopped) {
        await record(ref, unclaimChanges(chunk), 'keep');
        return stopped;
      }
      startChunk(open, ref, batch, chunk, now());
    }
  }

  /** The call step of a claimed chunk, then the record of its outcomes, in the background of the batch loop. */
  function startChunk(open: OpenChannel, ref: DocumentReference, batch: StoredBatch, chunk: StoredRecipient[], since: number): void {
    void wire.start(chunk, async (freeCall) => {
      const outcomes = await timed('provider calls', () => open.send(batch, chunk));
      await deps.afterProviderCall?.(batch, outcomes);
      const result = callChanges(chunk, outcomes, since);
      const notTakenAtAll = result.notTaken !== null && !result.taken;
      // A chunk the provider took frees the call slot at once (its record overlaps the next
      // call); one it did not take holds the slot through the record and the backoff.
      if (!notTakenAtAll) freeCall();
      const failures = await timed('record outcomes', () =>
        record(ref, result.changes, result.failureRun, result.notTaken ? { send: { lastError: result.notTaken } } : {}),
      );
      if (notTakenAtAll) {
        if (failures >= pauseAfter) await pauseSend(lease, sendRef, project, id, autoPauseReason(failures, result.notTaken!));
        else await timed('backoff', () => sleep(backoff(failures)));
      }
    });
  }
}

/** The wait after `attempt` chunks in a row not taken: the vendor layer's policy (exponential, randomised, at most 30 s). */
function backoff(attempt: number): number {
  return retryDelayMs(attempt, CAMPAIGN_CHUNK_RETRY);
}
