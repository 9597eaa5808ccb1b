import { FieldValue, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import {
  CAMPAIGN_WHATSAPP_MESSAGE_COLLECTION,
  campaignOutcomesPath,
  isStatusForward,
  WHATSAPP_STATUS_STAGES,
  withStages,
  type DeliveryFlags,
  type MessageStatus,
} from '@console/shared';

/**
 * One campaign message: project/{p}/campaign-whatsapp-message/{campaignId}_{recipientKey}, the
 * exactly-once record of the send (claimed before the call, `accepted` with Meta's id after) and
 * the place its delivery statuses land. Written by the functions only (firestore.rules).
 *
 *   status: 'claimed' → 'accepted' → 'sent' → 'delivered' → 'read', or 'failed' / 'opted-out' /
 *           'skipped' (never sent);
 *   sent, delivered, read, failed: booleans set once each, so a status delivered twice or out of
 *   order counts once, and `read` first implies delivered and sent.
 *
 * Each status that changes the record is also written, in the shared delivery stages
 * (shared/src/campaigns/outcome.ts), to the recipient's outcome record of the send
 * (campaign-send/whatsapp-{campaignId}/recipient/{recipientKey}), the one store both channels'
 * reports read; this record stays the index of Meta's message (its id, the number, when it was
 * accepted: replies, the tier check) and the compare-and-set that decides each status.
 */
export function messageDocId(campaignId: string, recipientKey: string): string {
  return `${campaignId}_${recipientKey}`;
}
export function messageRef(firestore: Firestore, project: string, campaignId: string, recipientKey: string): DocumentReference {
  return firestore.doc(`project/${project}/${CAMPAIGN_WHATSAPP_MESSAGE_COLLECTION}/${messageDocId(campaignId, recipientKey)}`);
}

export interface IncomingStatus {
  messageId: string;
  status: Exclude<MessageStatus, 'accepted'>;
  recipientId: string;
  /** Unix seconds as Meta sends them. */
  timestamp: number | null;
  errors: { code: number; title: string }[];
}

/** Meta's statuses in rank order: a later one implies the earlier ones. */
const IMPLIED: Record<IncomingStatus['status'], ('sent' | 'delivered' | 'read')[]> = {
  sent: ['sent'],
  delivered: ['sent', 'delivered'],
  read: ['sent', 'delivered', 'read'],
  failed: [],
};

/**
 * Applies one status to its message record: unknown messages and statuses for another message id
 * are ignored (answer 'ignored'); a status that does not move the message forward changes nothing
 * ('stale'); otherwise the flags it implies are set ('applied'). Read, then written only if the
 * record is still as read (its update time as a precondition), again from a fresh read when it was
 * not: Meta delivers a status more than once and out of order, and two deliveries of one message
 * at once in transactions could lock each other out until the emulator's lock timeout (15 s; seen
 * as a 500 under load), where a compare-and-set simply loses and reads again.
 */
export async function applyStatus(
  firestore: Firestore,
  ref: DocumentReference,
  status: IncomingStatus,
  /** Whether the record's phone is the status's recipient (a wa_id may lack the ninth digit). */
  sameRecipient: (phone: string) => boolean = () => true,
  /** The record to create when none exists (a campaign message the opaque data names). */
  recordIfMissing?: Record<string, unknown>,
): Promise<'applied' | 'stale' | 'ignored'> {
  for (let attempt = 1; ; attempt++) {
    const snapshot = await ref.get();
    if (!snapshot.exists && recordIfMissing) {
      // Meta accepted a message whose send never recorded it (the worker died after the call):
      // the status, signed and naming our record, is the provider's word that it was sent.
      const { update } = statusChange({ ...recordIfMissing, status: 'accepted', messageId: status.messageId }, status, () => true);
      try {
        const created = { ...recordIfMissing, status: 'accepted', messageId: status.messageId, recoveredFromWebhook: true, ...update };
        await ref.create(created);
        await writeOutcome(ref, created);
        return 'applied';
      } catch (error) {
        if ((error as { code?: unknown }).code !== ALREADY_EXISTS || attempt >= MAX_ATTEMPTS) throw error;
        continue;
      }
    }
    const { outcome, update } = statusChange(snapshot.data(), status, sameRecipient);
    if (!update || !snapshot.updateTime) return outcome;
    try {
      await ref.update(update, { lastUpdateTime: snapshot.updateTime });
      await writeOutcome(ref, { ...snapshot.data(), ...update });
      return outcome;
    } catch (error) {
      // Written by another delivery meanwhile: decide again from what it left.
      if ((error as { code?: unknown }).code !== FAILED_PRECONDITION || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

/** One status to apply (applyStatuses): its record, and applyStatus's other arguments. */
export interface StatusToApply {
  ref: DocumentReference;
  status: IncomingStatus;
  sameRecipient?: (phone: string) => boolean;
  recordIfMissing?: Record<string, unknown>;
}

/**
 * Many statuses (a webhook body: Meta sends up to hundreds) applied as applyStatus would apply
 * them one after another, with a few store round trips instead of two per status: one read of
 * all their records, each record's statuses folded in memory, and one write per changed record
 * with the update time read as its precondition (BulkWriter, non-atomic: many writes per
 * request). A record missing, or written meanwhile by another delivery (its precondition failed),
 * gets its statuses applied one by one by applyStatus, from a fresh read. Answers each status's
 * outcome, in order. Two round trips per status were most of the functions' and the Firestore
 * emulator's work during a WhatsApp campaign (its statuses come back while it sends).
 */
export async function applyStatuses(firestore: Firestore, items: readonly StatusToApply[]): Promise<('applied' | 'stale' | 'ignored')[]> {
  const outcomes: ('applied' | 'stale' | 'ignored')[] = new Array(items.length);
  const byRecord = new Map<string, number[]>();
  for (const [i, item] of items.entries()) byRecord.set(item.ref.path, [...(byRecord.get(item.ref.path) ?? []), i]);
  const groups = [...byRecord.values()];
  const snapshots = groups.length ? await firestore.getAll(...groups.map((g) => items[g[0]!]!.ref)) : [];
  const oneByOne: number[][] = [];
  const writer = firestore.bulkWriter({ throttling: false });
  // A failed write is not retried here: its statuses go one by one from a fresh read.
  writer.onWriteError(() => false);
  const writes: Promise<unknown>[] = [];
  /** The records written, as they are now: their outcome records follow once the writes landed. */
  const written: { ref: DocumentReference; data: Record<string, unknown> }[] = [];
  groups.forEach((group, g) => {
    const snapshot = snapshots[g]!;
    if (!snapshot.exists || !snapshot.updateTime) {
      oneByOne.push(group);
      return;
    }
    let data: Record<string, unknown> = snapshot.data() ?? {};
    let update: Record<string, unknown> | null = null;
    for (const i of group) {
      const item = items[i]!;
      const change = statusChange(data, item.status, item.sameRecipient ?? (() => true));
      outcomes[i] = change.outcome;
      if (change.update) {
        update = { ...(update ?? {}), ...change.update };
        data = { ...data, ...change.update };
      }
    }
    if (update)
      writes.push(
        writer.update(snapshot.ref, update, { lastUpdateTime: snapshot.updateTime }).then(
          () => written.push({ ref: snapshot.ref, data }),
          () => oneByOne.push(group),
        ),
      );
  });
  await writer.close();
  await Promise.all(writes);
  if (written.length) {
    const outcomes = firestore.bulkWriter({ throttling: false });
    for (const w of written) {
      const outcome = outcomeOf(w.ref, w.data);
      if (outcome) void outcomes.set(outcome.ref, outcome.data, { merge: true });
    }
    await outcomes.close();
  }
  await Promise.all(
    oneByOne.map(async (group) => {
      for (const i of group) {
        const item = items[i]!;
        outcomes[i] = await applyStatus(firestore, item.ref, item.status, item.sameRecipient, item.recordIfMissing);
      }
    }),
  );
  return outcomes;
}

/**
 * The outcome record of the campaign message `ref` as `data` now stands (null for a record that
 * names no campaign recipient): the stages its statuses imply, merged into what is there — forward
 * only, so two webhooks writing it in either order leave the union.
 */
export function outcomeOf(ref: DocumentReference, data: Record<string, unknown>): { ref: DocumentReference; data: Record<string, unknown> } | null {
  const campaignId = typeof data.campaignId === 'string' ? data.campaignId : '';
  const key = typeof data.recipientKey === 'string' ? data.recipientKey : '';
  const project = ref.parent.parent;
  if (!campaignId || !key || campaignId.includes('/') || key.includes('/') || !project) return null;
  let flags: DeliveryFlags = data.messageId || data.status === 'accepted' ? { accepted: true } : {};
  for (const status of ['sent', 'delivered', 'read', 'failed'] as const) if (data[status] === true) flags = withStages(flags, WHATSAPP_STATUS_STAGES[status]);
  return {
    ref: project.collection(campaignOutcomesPath('whatsapp', campaignId)).doc(key),
    data: {
      channel: 'whatsapp',
      address: typeof data.phone === 'string' ? data.phone : null,
      customerId: typeof data.customerId === 'string' ? data.customerId : null,
      flags,
      ...(data.failed === true ? { failureReason: data.failureReason ?? null, failureCode: data.failureCode ?? null } : {}),
      updatedAt: FieldValue.serverTimestamp(),
    },
  };
}

async function writeOutcome(ref: DocumentReference, data: Record<string, unknown>): Promise<void> {
  const outcome = outcomeOf(ref, data);
  if (outcome) await outcome.ref.set(outcome.data, { merge: true });
}

/** gRPC's status of a write whose precondition (the update time read) no longer holds. */
const FAILED_PRECONDITION = 9;
const ALREADY_EXISTS = 6;
const MAX_ATTEMPTS = 20;

/** What one status changes in the record as read: the outcome, and the update to write if any. */
function statusChange(
  data: Record<string, unknown> | undefined,
  status: IncomingStatus,
  sameRecipient: (phone: string) => boolean,
): { outcome: 'applied' | 'stale' | 'ignored'; update?: Record<string, unknown> } {
  if (!data) return { outcome: 'ignored' };
  if (typeof data.phone === 'string' && !sameRecipient(data.phone)) return { outcome: 'ignored' };
  // A status for a message id we did not record: a crash after acceptance (the status names our
  // record through the opaque data, so Meta did accept it) fills the id in.
  if (data.messageId && data.messageId !== status.messageId) return { outcome: 'ignored' };
  const current = (data.deliveryStatus ?? null) as MessageStatus | null;
  const at = status.timestamp ? new Date(status.timestamp * 1000) : new Date();
  const update: Record<string, unknown> = {};
  if (!data.messageId) {
    update.messageId = status.messageId;
    update.status = 'accepted';
    update.recoveredFromWebhook = true;
  }
  if (status.status === 'failed') {
    if (data.delivered === true || current === 'failed') return Object.keys(update).length ? { outcome: 'applied', update } : { outcome: 'stale' };
    Object.assign(update, {
      deliveryStatus: 'failed',
      failed: true,
      failedAt: at,
      failureCode: status.errors[0]?.code ?? null,
      failureReason: status.errors[0]?.title ?? 'falha na entrega',
    });
  } else {
    if (!isStatusForward(current, status.status) && IMPLIED[status.status].every((flag) => data[flag] === true)) {
      return Object.keys(update).length ? { outcome: 'applied', update } : { outcome: 'stale' };
    }
    if (current !== 'failed' && isStatusForward(current, status.status)) update.deliveryStatus = status.status;
    for (const flag of IMPLIED[status.status]) {
      if (data[flag] !== true) {
        update[flag] = true;
        update[`${flag}At`] = at;
      }
    }
  }
  update.updatedAt = FieldValue.serverTimestamp();
  return { outcome: 'applied', update };
}
