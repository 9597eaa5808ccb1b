import { FieldValue, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { withStoreRetry } from '../lib/store-retry.js';
import { SendBusyError } from './send-store.js';

/**
 * One runner at a time: the lease on the send document ({owner, until}), claimed when a run
 * starts and renewed by every write the run makes. Every write of a run goes through `underLease`,
 * which refuses it (SendBusyError) once another runner holds the send.
 */

/** The send statuses in which the job does not run. */
const STOPPED = new Set(['finished', 'paused', 'cancelled']);

type LeaseClaim = { state: 'missing' | 'busy' | 'finished' | 'paused' | 'cancelled' } | { state: 'claimed'; send: FirebaseFirestore.DocumentData };

/**
 * Whether a run may take the send as read (pure): not when it is stopped, nor while another
 * owner's lease is still running.
 */
export function leaseDecision(send: FirebaseFirestore.DocumentData | undefined, owner: string, now: number): LeaseClaim['state'] {
  if (!send) return 'missing';
  if (STOPPED.has(String(send.status))) return String(send.status) as 'finished' | 'paused' | 'cancelled';
  const lease = send.lease as { owner?: string; until?: number } | undefined;
  if (lease?.owner && lease.owner !== owner && Number(lease.until) > now) return 'busy';
  return 'claimed';
}

export interface SendLease {
  owner: string;
  /** Runs `write` in a transaction only while the lease is still ours, renewing it (or releasing it when `releases(result)`). */
  underLease<T>(
    write: (tx: Transaction, send: FirebaseFirestore.DocumentData) => T | Promise<T>,
    extra?: Record<string, unknown>,
    releases?: (result: T) => boolean,
  ): Promise<T>;
  /** Gives the send up (the next delivery may take it at once). */
  release(): Promise<void>;
  /** 'paused' or 'cancelled' when the operator (or the failure guard) stopped the send. */
  stopRequested(): Promise<'paused' | 'cancelled' | null>;
}

/** Claims the lease of the send at `sendRef`; a run also notes where it started (the screen's rate and time left). */
export async function claimSendLease(
  firestore: Firestore,
  sendRef: DocumentReference,
  { owner, now, leaseMs }: { owner: string; now: () => number; leaseMs: number },
): Promise<LeaseClaim> {
  return withStoreRetry(() =>
    firestore.runTransaction(async (tx): Promise<LeaseClaim> => {
      const send = (await tx.get(sendRef)).data();
      const state = leaseDecision(send, owner, now());
      if (state !== 'claimed') return { state };
      tx.update(sendRef, {
        lease: { owner, until: now() + leaseMs },
        run: { startedAt: now(), sentAtStart: Number(send!.sent ?? 0) },
        updatedAt: FieldValue.serverTimestamp(),
      });
      return { state, send: send! };
    }),
  );
}

/** The lease a run holds (after claimSendLease answered 'claimed'). */
export function sendLease(
  firestore: Firestore,
  sendRef: DocumentReference,
  { owner, now, leaseMs }: { owner: string; now: () => number; leaseMs: number },
): SendLease {
  return {
    owner,
    underLease(write, extra = {}, releases = () => false) {
      return withStoreRetry(() =>
        firestore.runTransaction(async (tx) => {
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
    },
    async release() {
      await withStoreRetry(() => sendRef.update({ lease: FieldValue.delete() })).catch(() => undefined);
    },
    async stopRequested() {
      const status = (await withStoreRetry(() => sendRef.get())).get('status');
      return status === 'paused' || status === 'cancelled' ? status : null;
    },
  };
}
