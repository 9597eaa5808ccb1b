import { useEffect } from 'react';
import { deleteField, FieldPath, onSnapshot, runTransaction, serverTimestamp, type DocumentReference } from 'firebase/firestore';
import { isFlatLayoutShape, planSave, toFlatLayout, type LayoutChange, type SavePlan } from '@console/shared';
import { db } from '../lib/firestore';
import { withoutUndefined, writeErrorMessage } from '../documents/document-writes';
import type { LayoutEditorStore } from './store';
import { LAYOUT_SYNC_TEXTS } from './texts';

/** Where the open layout is stored: a document and the top-level field holding it. */
export interface LayoutTarget {
  ref: DocumentReference;
  field: string;
}

/** A change waits this long for the next one (typing) before it is saved: others see it within a second. */
export const LAYOUT_SAVE_DELAY_MS = 150;
/** A failed save is tried again after this long. */
export const LAYOUT_RETRY_MS = 2000;

class LayoutNotStored extends Error {}

/**
 * One save, in a transaction: reads the stored layout, applies the changes whose keys still hold
 * the values they were made from (layout/sync.ts `planSave`) and writes those keys only — a
 * change of someone else's key since is answered as a conflict, never written over. A layout still
 * stored nested (before the flat form) is written whole in its flat form: the migration happens
 * on the first save.
 */
export function saveLayoutChanges({ ref, field }: LayoutTarget, changes: readonly LayoutChange[]): Promise<SavePlan> {
  return runTransaction(db, async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists()) throw Object.assign(new Error('missing'), { code: 'not-found' });
    const value = snapshot.get(new FieldPath(field));
    const stored = toFlatLayout(value);
    if (!stored) throw new LayoutNotStored();
    const plan = planSave(stored, isFlatLayoutShape(value), changes);
    if (plan.applied.length === 0) return plan;
    if (plan.replace) {
      transaction.update(ref, new FieldPath(field), withoutUndefined(plan.next), new FieldPath('updatedAt'), serverTimestamp());
    } else {
      const args: unknown[] = [];
      for (const write of plan.writes)
        args.push(new FieldPath(field, ...write.path), write.value === undefined ? deleteField() : withoutUndefined(write.value));
      args.push(new FieldPath('updatedAt'), serverTimestamp());
      transaction.update(ref, ...(args as [FieldPath, unknown]));
    }
    return plan;
  });
}

/**
 * Keeps the open editor and the stored layout in step while the drawer is open: the document's
 * listener brings every save (someone else's within a second), and the editor's pending
 * operations are saved shortly after they are made, one transaction at a time.
 */
export function useLiveLayoutSync(store: LayoutEditorStore, target: LayoutTarget | null): void {
  const path = target?.ref.path ?? null;
  const field = target?.field ?? null;
  useEffect(() => {
    if (!target) return undefined;
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let saving = false;

    const stopListening = onSnapshot(target.ref, (snapshot) => {
      if (!snapshot.exists()) return;
      const flat = toFlatLayout(snapshot.get(new FieldPath(target.field)));
      if (flat) store.dispatch({ type: 'remote', layout: flat });
    });

    async function save() {
      timer = null;
      if (closed || saving) return;
      store.dispatch({ type: 'saveStarted' });
      const changes = store.getState().sync.inflight;
      if (!changes) return;
      saving = true;
      try {
        const plan = await saveLayoutChanges(target!, changes);
        store.dispatch({ type: 'saveLanded', stored: plan.next, conflicts: plan.conflicts });
      } catch (error) {
        console.error(error);
        const message = error instanceof LayoutNotStored ? LAYOUT_SYNC_TEXTS.notALayout : writeErrorMessage(error);
        store.dispatch({ type: 'saveFailed', message });
        if (!closed) timer = setTimeout(() => void save(), LAYOUT_RETRY_MS);
      } finally {
        saving = false;
      }
      schedule();
    }

    function schedule() {
      const { sync, saveError } = store.getState();
      if (closed || timer || saving || sync.inflight || sync.pending.length === 0) return;
      timer = setTimeout(() => void save(), saveError ? LAYOUT_RETRY_MS : LAYOUT_SAVE_DELAY_MS);
    }

    const stopWatching = store.subscribe(schedule);
    schedule();
    return () => {
      // Changes still pending when the drawer closes are saved once more, without a listener.
      closed = true;
      stopListening();
      stopWatching();
      if (timer) clearTimeout(timer);
      const { sync } = store.getState();
      const left = [...(sync.inflight && !saving ? sync.inflight : []), ...sync.pending];
      if (left.length) void saveLayoutChanges(target, left).catch((error) => console.error(error));
    };
    // The path and field identify the target; a new object for the same target must not resubscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, path, field]);
}
