import { FieldValue, type DocumentReference } from 'firebase-admin/firestore';
import * as logs from './logs.js';
import { withStoreRetry } from '../lib/store-retry.js';
import { PermanentSendError } from './send-channel.js';
import type { SendLease } from './send-lease.js';
import { BATCH_COLLECTION, operatorMessage } from './send-store.js';

/**
 * Step 5 of the send job, finishing: a send is finished only when every batch has every recipient
 * settled and nobody stopped it; it pauses itself after too many chunks in a row not taken; and a
 * run that fails leaves the send for the next delivery with the problem in Portuguese.
 */

type Ending = 'finished' | 'continue' | 'paused' | 'cancelled';

/** How a run ends given the send's status and whether every batch is done (pure). */
export function endingOf(status: unknown, everyBatchDone: boolean): Ending {
  if (status !== 'sending') return String(status) as 'paused' | 'cancelled';
  return everyBatchDone ? 'finished' : 'continue';
}

/** Marks the send finished when every batch is done and it is still sending; releases the lease unless there is more to do. */
export async function finishSend(lease: SendLease, sendRef: DocumentReference, runTrace: () => Record<string, number>): Promise<Ending> {
  return lease.underLease(
    async (tx, current) => {
      const all = await tx.get(sendRef.collection(BATCH_COLLECTION).select('state'));
      const ending = endingOf(
        current.status,
        all.docs.every((d) => d.get('state') === 'done'),
      );
      if (ending === 'finished') tx.update(sendRef, { status: 'finished', finishedAt: FieldValue.serverTimestamp(), lastError: null, runTrace: runTrace() });
      return ending;
    },
    {},
    (ending) => ending !== 'continue',
  );
}

/** The send pauses itself (the guard against a provider refusing everything). */
export async function pauseSend(lease: SendLease, sendRef: DocumentReference, project: string, id: string, reason: string): Promise<void> {
  await lease.underLease((tx, current) => {
    if (current.status === 'sending') tx.update(sendRef, { status: 'paused', pausedReason: reason, pausedAt: FieldValue.serverTimestamp(), pausedBy: null });
  });
  logs.campaignSendPaused(project, id, reason);
}

/** The reason shown when the send pauses itself after `failures` chunks in a row not taken. */
export function autoPauseReason(failures: number, notTaken: string): string {
  return `Pausado automaticamente: ${failures} tentativas seguidas sem aceite do provedor (${notTaken}).`;
}

/**
 * A run that threw: a problem of the campaign itself (PermanentSendError) finishes the send with
 * it; anything else is logged, shown in Portuguese, and the lease released so the next delivery
 * takes over at once (then rethrown: the task fails and is retried).
 */
export async function stopOnError(sendRef: DocumentReference, project: string, id: string, error: unknown, now: () => number): Promise<'finished'> {
  if (error instanceof PermanentSendError) {
    await withStoreRetry(() =>
      sendRef.update({ status: 'finished', lastError: error.message, finishedAt: FieldValue.serverTimestamp(), lease: FieldValue.delete() }),
    );
    logs.campaignSendStopped(project, id, error.message);
    return 'finished';
  }
  logs.campaignSendRunFailed(project, id, error);
  const message = operatorMessage(error);
  await sendRef.update({ ...(message !== null ? { lastError: message } : {}), lease: FieldValue.delete(), stalledAt: now() }).catch(() => undefined);
  throw error;
}
