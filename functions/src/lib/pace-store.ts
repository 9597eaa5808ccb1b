import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import pRetry from 'p-retry';
import type { PaceStore } from './provider-call.js';

/** Top-level collection of the provider accounts' pace: one document per account (no client access). */
export const PACE_COLLECTION = 'provider-pace';

/**
 * The provider accounts' call slots in Firestore, one document per account ({nextAt, heldUntil},
 * ms): every function instance reserves its slots there, so all of them together keep to the
 * account's rate, and a 429's reset seen by one holds the others from their next reservation.
 * A reservation is a transaction taking a block of slots (half a second of calls), so the store
 * sees a few transactions a second per sending account, not one per message.
 */
export function firestorePaceStore(firestore: Firestore): PaceStore {
  const ref = (key: string) => firestore.collection(PACE_COLLECTION).doc(encodeURIComponent(key));
  // A store hiccup (contention, UNAVAILABLE) is retried: a reservation is harmless to repeat.
  const retried = <T>(work: () => Promise<T>) => pRetry(work, { retries: 5, minTimeout: 50, maxTimeout: 1000, factor: 2, randomize: true });
  return {
    reserve: (key, count, intervalMs, notBefore, holdUntil = 0) =>
      retried(() =>
        firestore.runTransaction(async (tx) => {
          const doc = ref(key);
          const data = (await tx.get(doc)).data() ?? {};
          const stored = Number(data.heldUntil ?? 0);
          const heldUntil = Math.max(stored, holdUntil);
          const startAt = Math.max(Date.now(), notBefore, Number(data.nextAt ?? 0), heldUntil);
          tx.set(
            doc,
            { key, nextAt: startAt + count * intervalMs, ...(heldUntil > stored ? { heldUntil } : {}), updatedAt: FieldValue.serverTimestamp() },
            { merge: true },
          );
          return { startAt, heldUntil };
        }),
      ),
    hold: (key, untilMs) =>
      retried(() =>
        firestore.runTransaction(async (tx) => {
          const doc = ref(key);
          const heldUntil = Number((await tx.get(doc)).get('heldUntil') ?? 0);
          if (untilMs > heldUntil) tx.set(doc, { key, heldUntil: untilMs, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
        }),
      ),
  };
}

const stores = new WeakMap<Firestore, PaceStore>();
/** The one pace store of a Firestore instance (so the accounts' pacers of a process are shared too). */
export function paceStoreOf(firestore: Firestore): PaceStore {
  let store = stores.get(firestore);
  if (!store) stores.set(firestore, (store = firestorePaceStore(firestore)));
  return store;
}
