import { FieldValue, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { recipientsOf, type ChannelAddressing, type LeftOutMember, type LeftOutReason, type RecipientPreference, type SegmentMember } from '@console/shared';
import { PermanentSendError } from './send-channel.js';
import {
  BATCH_COLLECTION,
  LEFT_OUT_COLLECTION,
  SendBusyError,
  batchFields,
  batchId,
  readBatch,
  sha256Hex,
  type StoredBatch,
  type StoredRecipient,
} from './send-store.js';

/**
 * Step 1 of the send job, the snapshot: the segment's members become the send's recipients in
 * batches with deterministic keys, taken once; members without an address, opted out or
 * competitors are left out with the reason.
 *
 * The members are read a page at a time (a warehouse run: customer-warehouse/segment-members.ts)
 * and each page is written as it comes, in one commit with the snapshot's cursor on the send
 * document (`snapshotCursor`: the run, the members read, the batches and left-out documents
 * written, the counts), preconditioned on our previous write. A run that dies at any page is
 * resumed by the next from the cursor: the same run's next page, the addresses already planned
 * read back from the written batches (so a recipient is planned once). Only the addresses are held
 * across pages, never the plan. The last commit makes the send 'sending' and may also claim the
 * first chunk of its first batch (its recipients 'sending': the intent), so that chunk's call
 * leaves right after the write. Nothing is sent before that commit.
 */

/** The most batches one send holds. */
export const MAX_BATCHES = 450;
/**
 * Batches per commit (a page of members is this many batches' worth): a Firestore commit carries
 * at most 10 MiB, about 40 batches of 1,000 recipients.
 */
export const SNAPSHOT_BATCHES_PER_WRITE = 25;
/** Left-out members per stored left-out document. */
const LEFT_OUT_PAGE = 1000;

/** The first chunk, claimed by the snapshot's last write. */
export interface ClaimedChunk {
  batch: StoredBatch;
  chunk: StoredRecipient[];
  since: number;
}

/**
 * A segment's members evaluated once and kept until the snapshot is written: `run` names it
 * (stored in the cursor, so a later run of the job reads the same list), null for a list that is
 * simply read again and skipped into.
 */
export interface MemberList {
  run: string | null;
  total: number;
  /** The members after the first `from`, `pageSize` at a time. */
  pages(pageSize: number, from: number): AsyncIterable<readonly SegmentMember[]>;
  /** Drops the list (the snapshot is written). */
  close(): Promise<void>;
}

/** A list of members held in memory (a test's or a one-shot source's), as a MemberList. */
export async function memberListOf(source: Promise<readonly SegmentMember[]> | AsyncIterable<readonly SegmentMember[]>): Promise<MemberList> {
  const members: SegmentMember[] = [];
  if (Symbol.asyncIterator in source) for await (const page of source) members.push(...page);
  else members.push(...(await source));
  return {
    run: null,
    total: members.length,
    async *pages(pageSize, from) {
      for (let at = from; at < members.length; at += pageSize) yield members.slice(at, at + pageSize);
    },
    async close() {},
  };
}

/** Refuses, in Portuguese, a segment over the batches one send holds (counted on its members, before anything is written). */
export function checkSegmentSize(members: number, batchSize: number): void {
  if (members > MAX_BATCHES * batchSize) throw new PermanentSendError(`Segmento grande demais para um envio (${members} destinatários).`);
}

/** Where a snapshot cut short stands (the send document's `snapshotCursor`). */
export interface SnapshotCursor {
  run: string | null;
  /** Members read and written. */
  after: number;
  batches: number;
  leftOutDocs: number;
  recipients: number;
  leftOut: Partial<Record<LeftOutReason, number>>;
}

/**
 * A page of members as stored batches (pure): recipients in member order (deduplicated against
 * `seen`, which it extends), cut into batches of the channel's size numbered from `firstIndex`;
 * every recipient 'pending'.
 */
export function planPage({
  members,
  preferences,
  addressing,
  sendKey,
  seen,
  firstIndex,
}: {
  members: readonly SegmentMember[];
  preferences: ReadonlyMap<string, RecipientPreference>;
  addressing: ChannelAddressing;
  /** The send's identity (project and send id) from which the batch keys are derived. */
  sendKey: string;
  seen: Set<string>;
  firstIndex: number;
}): { batches: StoredBatch[]; leftOut: LeftOutMember[]; recipients: number } {
  const hash = (t: string) => sha256Hex(t);
  const { recipients, leftOut } = recipientsOf(members, preferences, addressing, hash, seen);
  const batches: StoredBatch[] = [];
  for (let start = 0; start < recipients.length; start += addressing.batchSize) {
    const index = firstIndex + batches.length;
    batches.push({
      index,
      key: hash(`${sendKey}\n${index}`),
      state: 'pending',
      attempts: 0,
      recipients: recipients.slice(start, start + addressing.batchSize).map((r): StoredRecipient => ({ ...r, state: 'pending' })),
    });
  }
  return { batches, leftOut, recipients: recipients.length };
}

/** The first `claimChunk` recipients of `batch` claimed ('sending' since `now`); the batch's first attempt. */
export function claimFirstChunk(batch: StoredBatch, claimChunk: number, now: number): ClaimedChunk {
  const recipients = batch.recipients.map((r, i): StoredRecipient => (i < claimChunk ? { ...r, state: 'sending', since: now, checks: 0 } : r));
  const claimed: StoredBatch = { ...batch, attempts: 1, recipients };
  return { batch: claimed, chunk: recipients.slice(0, claimChunk), since: now };
}

/** The addresses a cut-short snapshot already planned (its batches' recipients and opted-out left-out). */
async function plannedAddresses(sendRef: DocumentReference): Promise<Set<string>> {
  const seen = new Set<string>();
  for (const doc of (await sendRef.collection(BATCH_COLLECTION).get()).docs) for (const r of readBatch(doc.data()).recipients) seen.add(r.address);
  for (const doc of (await sendRef.collection(LEFT_OUT_COLLECTION).get()).docs) {
    for (const m of (doc.get('members') ?? []) as LeftOutMember[]) if (m.reason !== 'no-address' && m.address) seen.add(m.address);
  }
  return seen;
}

export interface SnapshotOptions {
  firestore: Firestore;
  sendRef: DocumentReference;
  /** The send as read before the snapshot (its update time is the first write's precondition). */
  current: DocumentSnapshot;
  /** The members: a new list, or the cursor's run again (`resume`). */
  members: (resume: { run: string; total: number } | null) => Promise<MemberList>;
  preferences: ReadonlyMap<string, RecipientPreference>;
  addressing: ChannelAddressing;
  sendKey: string;
  lease: { owner: string; until: number };
  /** Awaited before the last commit: how many recipients to claim (0: the channel did not open) and the call slot to reserve. */
  claim: () => Promise<{ chunk: number; prepare: (recipients: number) => void } | null>;
  now: () => number;
  batchesPerWrite?: number;
}

/**
 * Takes (or resumes) the snapshot; answers the batch ids and the claimed chunk, or null (writing
 * nothing) when the send was no longer preparing.
 */
export async function takeSnapshot(options: SnapshotOptions): Promise<{ ids: string[]; first: ClaimedChunk | null } | null> {
  const { firestore, sendRef, current, addressing, lease } = options;
  const data = current.data();
  if (data?.status !== 'preparing') return null;
  if ((data.lease as { owner?: string } | undefined)?.owner !== lease.owner) throw new SendBusyError();
  const stored = data.snapshotCursor as (SnapshotCursor & { total: number }) | undefined;
  const list = await options.members(stored?.run ? { run: stored.run, total: stored.total } : null);
  const resumed = stored && (stored.run === null || stored.run === list.run) ? stored : undefined;
  const cursor: SnapshotCursor = resumed ?? { run: list.run, after: 0, batches: 0, leftOutDocs: 0, recipients: 0, leftOut: {} };
  const pageSize = addressing.batchSize * Math.max(1, options.batchesPerWrite ?? SNAPSHOT_BATCHES_PER_WRITE);
  checkSegmentSize(list.total, addressing.batchSize);
  const pagesInAll = Math.max(1, Math.ceil(list.total / pageSize));
  const seen = resumed ? await plannedAddresses(sendRef) : new Set<string>();
  let lastUpdateTime = current.updateTime;
  let first: ClaimedChunk | null = null;

  const commitPage = async (members: readonly SegmentMember[], last: boolean) => {
    const page = planPage({ members, preferences: options.preferences, addressing, sendKey: options.sendKey, seen, firstIndex: cursor.batches });
    if (cursor.batches + page.batches.length > MAX_BATCHES) throw new PermanentSendError(`Segmento grande demais para um envio (${list.total} destinatários).`);
    const write = firestore.batch();
    const claim = last ? await options.claim() : null;
    page.batches.forEach((batch, i) => {
      let stored = batch;
      if (i === 0 && claim && claim.chunk > 0) {
        first = claimFirstChunk(batch, claim.chunk, options.now());
        stored = first.batch;
      }
      write.set(sendRef.collection(BATCH_COLLECTION).doc(batchId(batch.index)), batchFields(stored));
    });
    for (let i = 0; i < page.leftOut.length; i += LEFT_OUT_PAGE) {
      write.set(sendRef.collection(LEFT_OUT_COLLECTION).doc(batchId(cursor.leftOutDocs++)), { members: page.leftOut.slice(i, i + LEFT_OUT_PAGE) });
    }
    for (const m of page.leftOut) cursor.leftOut[m.reason] = (cursor.leftOut[m.reason] ?? 0) + 1;
    cursor.after += members.length;
    cursor.batches += page.batches.length;
    cursor.recipients += page.recipients;
    const written = Math.ceil(cursor.after / pageSize);
    if (!last) {
      write.update(
        sendRef,
        { snapshotProgress: { written, batches: pagesInAll }, snapshotCursor: { ...cursor, total: list.total }, lease },
        { lastUpdateTime },
      );
      const results = await write.commit();
      lastUpdateTime = results[results.length - 1]!.writeTime;
      return;
    }
    if (!resumed && data.snapshotProgress) {
      // An earlier attempt (before cursors) left batches past this plan's end.
      const earlier = await sendRef.collection(BATCH_COLLECTION).select().get();
      for (const d of earlier.docs) if (Number(d.id) >= cursor.batches) write.delete(d.ref);
    }
    write.update(
      sendRef,
      {
        status: 'sending',
        total: cursor.recipients,
        batches: cursor.batches,
        leftOut: cursor.leftOut,
        sent: 0,
        failed: 0,
        optedOut: 0,
        unknown: 0,
        consecutiveFailures: 0,
        lease,
        snapshotAt: FieldValue.serverTimestamp(),
        snapshotCursor: FieldValue.delete(),
        ...(pagesInAll > 1 || data.snapshotProgress ? { snapshotProgress: { written: pagesInAll, batches: pagesInAll } } : {}),
      },
      { lastUpdateTime },
    );
    if (first) claim?.prepare(first.chunk.length);
    await write.commit();
  };

  // Each page is written when the next one has arrived (or the list has ended), so the last page's
  // commit is known to be the last.
  let held: readonly SegmentMember[] | null = null;
  for await (const members of list.pages(pageSize, cursor.after)) {
    if (held) await commitPage(held, false);
    held = members;
  }
  await commitPage(held ?? [], true);
  // The rows of a run left behind are harmless; the snapshot is written.
  await list.close().catch(() => undefined);
  return { ids: Array.from({ length: cursor.batches }, (_, i) => batchId(i)), first };
}
