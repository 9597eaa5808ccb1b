import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import pRetry from 'p-retry';
import type { PaceStore } from './vendor-http.js';

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

/**
 * A provider account's daily budget (Bling: 120 000 requests a day per account), counted where every
 * instance sees it: `claim` takes up to `count` of the day's requests and answers how many it got
 * (0 when the day's budget is spent). The count restarts when `day` (the provider's day, e.g.
 * '2026-12-06' in Brasília) changes. Instances claim small blocks, so the store sees a transaction
 * per block, not per request; a block left unused when an instance stops is counted anyway (the
 * budget errs on the safe side).
 */
export interface DailyBudgetStore {
  claim(key: string, day: string, limit: number, count: number): Promise<number>;
  /** Marks the day's budget spent (the provider said so: a daily-limit 429). */
  exhaust(key: string, day: string, limit: number): Promise<void>;
}

export function memoryDailyBudgetStore(): DailyBudgetStore {
  const used = new Map<string, { day: string; used: number }>();
  const of = (key: string, day: string) => {
    let entry = used.get(key);
    if (!entry || entry.day !== day) used.set(key, (entry = { day, used: 0 }));
    return entry;
  };
  return {
    async claim(key, day, limit, count) {
      const entry = of(key, day);
      const granted = Math.max(0, Math.min(count, limit - entry.used));
      entry.used += granted;
      return granted;
    },
    async exhaust(key, day, limit) {
      const entry = of(key, day);
      entry.used = Math.max(entry.used, limit);
    },
  };
}

/** The daily budgets in the accounts' pace documents (fields budgetDay, budgetUsed). */
export function firestoreDailyBudgetStore(firestore: Firestore): DailyBudgetStore {
  const ref = (key: string) => firestore.collection(PACE_COLLECTION).doc(encodeURIComponent(key));
  const retried = <T>(work: () => Promise<T>) => pRetry(work, { retries: 5, minTimeout: 50, maxTimeout: 1000, factor: 2, randomize: true });
  return {
    claim: (key, day, limit, count) =>
      retried(() =>
        firestore.runTransaction(async (tx) => {
          const doc = ref(key);
          const data = (await tx.get(doc)).data() ?? {};
          const used = data.budgetDay === day ? Number(data.budgetUsed ?? 0) : 0;
          const granted = Math.max(0, Math.min(count, limit - used));
          if (granted > 0 || data.budgetDay !== day) {
            tx.set(doc, { key, budgetDay: day, budgetUsed: used + granted, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
          }
          return granted;
        }),
      ),
    exhaust: (key, day, limit) =>
      retried(() =>
        firestore.runTransaction(async (tx) => {
          const doc = ref(key);
          const data = (await tx.get(doc)).data() ?? {};
          const used = data.budgetDay === day ? Number(data.budgetUsed ?? 0) : 0;
          if (used < limit) tx.set(doc, { key, budgetDay: day, budgetUsed: limit, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
        }),
      ),
  };
}

const budgetStores = new WeakMap<Firestore, DailyBudgetStore>();
/** The one daily-budget store of a Firestore instance. */
export function dailyBudgetStoreOf(firestore: Firestore): DailyBudgetStore {
  let store = budgetStores.get(firestore);
  if (!store) budgetStores.set(firestore, (store = firestoreDailyBudgetStore(firestore)));
  return store;
}
