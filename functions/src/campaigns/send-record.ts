import { FieldValue, type DocumentReference } from 'firebase-admin/firestore';
import type { SendLease } from './send-lease.js';
import { SETTLED, batchFields, readBatch, type RecipientChange, type SettledState, type StoredBatch, type StoredRecipient } from './send-store.js';

/**
 * Step 4 of the send job, recording outcomes: recipient changes written into their batch, the
 * send's counters moved by the recipients that settled, and the run of chunks the provider did not
 * take, in one transaction under the run's lease. A settled recipient never changes again (a late
 * or repeated answer is ignored).
 */

/** The batch's recipients after `changes` (pure), the recipients that settled by state, and whether all are settled. */
export function applyChanges(
  recipients: readonly StoredRecipient[],
  changes: ReadonlyMap<string, RecipientChange>,
  now: number,
): { recipients: StoredRecipient[]; settled: Record<SettledState, number>; done: boolean } {
  const settled: Record<SettledState, number> = { sent: 0, failed: 0, 'opted-out': 0, unknown: 0 };
  const next = recipients.map((r): StoredRecipient => {
    const change = changes.get(r.key);
    if (!change || SETTLED.has(r.state)) return r;
    const { since: _since, checks: _checks, reason: _reason, ...base } = r;
    if (change.state === 'pending') return { ...base, state: 'pending' };
    if (change.state === 'sending') return { ...base, state: 'sending', since: change.since ?? r.since ?? now, checks: change.checks ?? r.checks ?? 0 };
    settled[change.state] += 1;
    return { ...base, state: change.state, ...('reason' in change && change.reason ? { reason: change.reason } : {}) };
  });
  return { recipients: next, settled, done: next.every((r) => SETTLED.has(r.state)) };
}

/** The send's run of chunks in a row the provider did not take, after one more 'add', a 'reset' or 'keep'. */
export function nextFailureRun(current: number, move: 'add' | 'reset' | 'keep'): number {
  return move === 'add' ? current + 1 : move === 'reset' ? 0 : current;
}

/** The send document's update for recipients that settled (pure): counters moved, and the run of failures. */
export function sendCountersUpdate(settled: Record<SettledState, number>, failureRun: number, move: 'add' | 'reset' | 'keep'): Record<string, unknown> {
  return {
    sent: FieldValue.increment(settled.sent),
    failed: FieldValue.increment(settled.failed),
    optedOut: FieldValue.increment(settled['opted-out']),
    unknown: FieldValue.increment(settled.unknown),
    consecutiveFailures: failureRun,
    // A chunk taken clears the problem shown while the provider did not take anything.
    ...(move === 'reset' && settled.sent ? { lastError: null } : {}),
  };
}

/**
 * Records `changes` in the batch at `ref` under the lease; answers the send's run of chunks not
 * taken after it, and whether the batch is now done. `extra` adds fields to the batch's or the
 * send's update (the claim's attempts, the last problem).
 */
export async function recordChanges(
  lease: SendLease,
  sendRef: DocumentReference,
  ref: DocumentReference,
  changes: ReadonlyMap<string, RecipientChange>,
  move: 'add' | 'reset' | 'keep',
  now: () => number,
  extra: { batch?: Record<string, unknown>; send?: Record<string, unknown> } = {},
): Promise<{ failureRun: number; done: boolean }> {
  return lease.underLease(async (tx, current) => {
    const batch: StoredBatch = readBatch((await tx.get(ref)).data());
    const applied = applyChanges(batch.recipients, changes, now());
    tx.update(ref, { ...batchFields({ recipients: applied.recipients, state: applied.done ? 'done' : 'pending' }), ...extra.batch });
    const failureRun = nextFailureRun(Number(current.consecutiveFailures ?? 0), move);
    tx.update(sendRef, { ...sendCountersUpdate(applied.settled, failureRun, move), ...extra.send });
    return { failureRun, done: applied.done };
  });
}
