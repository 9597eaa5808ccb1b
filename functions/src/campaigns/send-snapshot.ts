import { FieldValue, type DocumentReference, type DocumentSnapshot, type Firestore } from 'firebase-admin/firestore';
import { planSend, type ChannelAddressing, type LeftOutMember, type LeftOutReason, type RecipientPreference, type SegmentMember } from '@console/shared';
import { PermanentSendError } from './send-channel.js';
import { BATCH_COLLECTION, LEFT_OUT_COLLECTION, SendBusyError, batchFields, batchId, sha256Hex, type StoredBatch, type StoredRecipient } from './send-store.js';

/**
 * Step 1 of the send job, the snapshot: the segment's members (read page by page) become the
 * send's recipients in batches with deterministic keys, taken once; members without an address,
 * opted out or competitors are left out with the reason. The snapshot's one write may also claim
 * the first chunk (its recipients 'sending': the intent), so that chunk's call leaves right
 * after the write.
 */

/** The most batches one send holds (the snapshot's batched write stays within Firestore's limits). */
export const MAX_BATCHES = 450;
/**
 * Batches written per commit while a large snapshot is taken (the last commit also makes the send
 * 'sending'): a Firestore commit carries at most 10 MiB, about 40 batches of 1,000 recipients.
 */
export const SNAPSHOT_BATCHES_PER_WRITE = 25;
/** Left-out members per stored left-out document. */
const LEFT_OUT_PAGE = 1000;

/** The first chunk, claimed by the snapshot's own write. */
export interface ClaimedChunk {
  batch: StoredBatch;
  chunk: StoredRecipient[];
  since: number;
}

interface SnapshotPlan {
  total: number;
  batches: StoredBatch[];
  /** The left-out members, in pages of LEFT_OUT_PAGE (one document each). */
  leftOutPages: LeftOutMember[][];
  /** Left-out members by reason (the send document's `leftOut`). */
  leftOut: Partial<Record<LeftOutReason, number>>;
  first: ClaimedChunk | null;
}

/** Every page of an async source of members, in order (the plan sorts and dedupes across pages). */
export async function collectMembers(pages: AsyncIterable<readonly SegmentMember[]>): Promise<SegmentMember[]> {
  const members: SegmentMember[] = [];
  for await (const page of pages) members.push(...page);
  return members;
}

/** A source answering all its members at once, as one page. */
export async function* onePage(members: Promise<readonly SegmentMember[]> | readonly SegmentMember[]): AsyncIterable<readonly SegmentMember[]> {
  yield await members;
}

/**
 * The snapshot as it will be stored (pure): the batches of recipients, all 'pending' except the
 * first `claimChunk` recipients of the first batch, 'sending' since `now` (none when
 * `claimChunk` is 0, i.e. the channel did not open).
 */
export function planSnapshot({
  members,
  preferences,
  addressing,
  sendKey,
  claimChunk,
  now,
}: {
  members: readonly SegmentMember[];
  preferences: ReadonlyMap<string, RecipientPreference>;
  addressing: ChannelAddressing;
  /** The send's identity (project and send id) from which the batch keys are derived. */
  sendKey: string;
  claimChunk: number;
  now: number;
}): SnapshotPlan {
  const plan = planSend(members, preferences, addressing, { sendKey, hash: (t) => sha256Hex(t) });
  if (plan.batches.length > MAX_BATCHES) throw new PermanentSendError(`Segmento grande demais para um envio (${plan.total} destinatários).`);
  const leftOut: Partial<Record<LeftOutReason, number>> = {};
  for (const m of plan.leftOut) leftOut[m.reason] = (leftOut[m.reason] ?? 0) + 1;
  const leftOutPages: LeftOutMember[][] = [];
  for (let i = 0; i < plan.leftOut.length; i += LEFT_OUT_PAGE) leftOutPages.push(plan.leftOut.slice(i, i + LEFT_OUT_PAGE));
  let first: ClaimedChunk | null = null;
  const batches = plan.batches.map((batch): StoredBatch => {
    const claimed = first === null && claimChunk > 0;
    const recipients = batch.recipients.map((r, i): StoredRecipient =>
      claimed && i < claimChunk ? { ...r, state: 'sending', since: now, checks: 0 } : { ...r, state: 'pending' },
    );
    const stored: StoredBatch = { index: batch.index, key: batch.key, state: 'pending', attempts: claimed ? 1 : 0, recipients };
    if (claimed) first = { batch: stored, chunk: recipients.slice(0, claimChunk), since: now };
    return stored;
  });
  return { total: plan.total, batches, leftOutPages, leftOut, first };
}

/**
 * Writes the snapshot in one atomic batched write, made only if the send is still 'preparing'
 * under this run's lease and unchanged since `current` was read (its update time as the
 * precondition; a transaction holding 1.5 MB of batches would be slower for the same guarantee).
 * Answers false, writing nothing, when the send was no longer preparing.
 *
 * A snapshot of more than `batchesPerWrite` batches (issue 31: 200,000 recipients are 36 MiB of
 * batches) is written in several commits while the send stays 'preparing', its progress on the
 * send document (`snapshotProgress`), each commit made only if the send is unchanged since our
 * previous one; only the last makes it 'sending'. Nothing is sent before that, so a snapshot cut
 * short is simply taken again, and the batches a longer earlier attempt left are deleted in the
 * last commit.
 */
export async function writeSnapshot(
  firestore: Firestore,
  sendRef: DocumentReference,
  current: DocumentSnapshot,
  plan: SnapshotPlan,
  lease: { owner: string; until: number },
  /** Called once the write is ready to commit (the first call's slot is reserved meanwhile). */
  beforeCommit: () => void = () => undefined,
  batchesPerWrite = SNAPSHOT_BATCHES_PER_WRITE,
): Promise<boolean> {
  const data = current.data();
  if (data?.status !== 'preparing') return false;
  if ((data.lease as { owner?: string } | undefined)?.owner !== lease.owner) throw new SendBusyError();
  const perWrite = Math.max(1, batchesPerWrite);
  const head = plan.batches.length > perWrite ? plan.batches.length - perWrite : 0;
  let lastUpdateTime = current.updateTime;
  for (let start = 0; start < head; start += perWrite) {
    const part = firestore.batch();
    const end = Math.min(head, start + perWrite);
    for (const batch of plan.batches.slice(start, end)) part.set(sendRef.collection(BATCH_COLLECTION).doc(batchId(batch.index)), batchFields(batch));
    part.update(sendRef, { snapshotProgress: { written: end, batches: plan.batches.length }, lease }, { lastUpdateTime });
    const results = await part.commit();
    lastUpdateTime = results[results.length - 1]!.writeTime;
  }
  const write = firestore.batch();
  if (data.snapshotProgress) {
    const written = await sendRef.collection(BATCH_COLLECTION).select().get();
    for (const d of written.docs) if (Number(d.id) >= plan.batches.length) write.delete(d.ref);
  }
  for (const batch of plan.batches.slice(head)) write.set(sendRef.collection(BATCH_COLLECTION).doc(batchId(batch.index)), batchFields(batch));
  plan.leftOutPages.forEach((members, i) => write.set(sendRef.collection(LEFT_OUT_COLLECTION).doc(batchId(i)), { members }));
  write.update(
    sendRef,
    {
      status: 'sending',
      total: plan.total,
      batches: plan.batches.length,
      leftOut: plan.leftOut,
      sent: 0,
      failed: 0,
      optedOut: 0,
      unknown: 0,
      consecutiveFailures: 0,
      lease,
      snapshotAt: FieldValue.serverTimestamp(),
      ...(head ? { snapshotProgress: { written: plan.batches.length, batches: plan.batches.length } } : {}),
    },
    { lastUpdateTime },
  );
  beforeCommit();
  await write.commit();
  return true;
}
