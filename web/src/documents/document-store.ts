/**
 * Every write of a document of the console, in one place: create, copy, delete, restore,
 * replicate, save (the document form's and a merge-save of a document edited inside another
 * form). Screens and widgets reach them through the hooks of this folder.
 */
import { addDoc, deleteDoc, getDoc, runTransaction, serverTimestamp, setDoc, type DocumentReference } from 'firebase/firestore';
import { db } from '../lib/firestore';
import { projectCollection, projectDocument } from '../lib/firestore-paths';
import { requiredFieldMessage } from './constants';
import { changedFieldUpdates, idProblem, withoutUndefined } from './document-writes';
import type { SaveRequest } from './form-state';
import { fingerprint, movedFields, replicateTo, TargetMovedError, replicationDiff, type ReplicationOutcome, type ReplicationPreview } from './replication';
import { staleKeys } from './stale-save';

/** The id a user typed for a new record (trimmed), or the Portuguese problem with it. */
export function checkNewId(typed: string, idTitle: string): { id: string } | { problem: string } {
  const id = typed.trim();
  if (!id) return { problem: requiredFieldMessage(idTitle) };
  const problem = idProblem(id);
  return problem ? { problem } : { id };
}

export type NewRecordOutcome = { created: true; id: string } | { created: false };

/**
 * Writes a new record: under the id given (refused when a record already has it), or under an
 * id Firestore chooses when `id` is null.
 */
export async function writeNewRecord(projectId: string, collectionId: string, id: string | null, data: Record<string, unknown>): Promise<NewRecordOutcome> {
  if (id === null) return { created: true, id: (await addDoc(projectCollection(projectId, collectionId), data)).id };
  const target = projectDocument(projectId, collectionId, id);
  if ((await getDoc(target)).exists()) return { created: false };
  await setDoc(target, data);
  return { created: true, id };
}

/** What a save found: keys someone else changed since the form's copy, with their stored value (not written). */
export interface SaveOutcome {
  conflicts: Record<string, unknown>;
}

/**
 * The form's save: the edited keys of an existing document, or a first save of a settings
 * document. An existing document is saved in a transaction that checks every key against the
 * copy the edit was made on (`request.base`): a key changed since by someone else is not written
 * and comes back as a conflict — a save built on a stale copy never overwrites a newer value.
 */
export async function saveDocument(ref: DocumentReference, request: SaveRequest, exists: boolean): Promise<SaveOutcome> {
  if (!exists) {
    // A settings document saved for the first time (merge: someone may have just created it).
    await setDoc(ref, { ...withoutUndefined(request.values), createdAt: serverTimestamp(), updatedAt: serverTimestamp() }, { merge: true });
    return { conflicts: {} };
  }
  return runTransaction(db, async (transaction) => {
    const snapshot = await transaction.get(ref);
    if (!snapshot.exists()) throw Object.assign(new Error('missing'), { code: 'not-found' });
    const stored = snapshot.data();
    const conflicts = staleKeys(request, stored);
    const keys = request.keys.filter((key) => !(key in conflicts));
    if (keys.length > 0) transaction.update(ref, ...changedFieldUpdates(keys, request.values as Record<string, unknown>));
    return { conflicts };
  });
}

/**
 * Fields a collection's form does not write itself (the product's selling prices, which
 * firestore.rules refuse from a client): each edited value goes through `write`, the server's
 * check, which applies it or holds it (not written) and says why.
 */
export interface GuardedFields {
  keys: readonly string[];
  write(key: string, value: unknown): Promise<{ held: boolean }>;
}

/**
 * The form's save with guarded fields: the other keys as `saveDocument` saves them, then each
 * guarded key whose value differs from the stored one through its check. Answers the conflicts
 * and the keys held.
 */
export async function saveWithGuardedFields(
  ref: DocumentReference,
  request: SaveRequest,
  exists: boolean,
  guarded: GuardedFields,
): Promise<SaveOutcome & { held: string[] }> {
  const guardedKeys = request.keys.filter((key) => guarded.keys.includes(key));
  const plainKeys = request.keys.filter((key) => !guarded.keys.includes(key));
  const { conflicts } = plainKeys.length > 0 || guardedKeys.length === 0 ? await saveDocument(ref, { ...request, keys: plainKeys }, exists) : { conflicts: {} };
  const held: string[] = [];
  for (const key of guardedKeys) {
    const value = withoutUndefined(request.values[key]) ?? null;
    if (request.base && sameStoredValue(request.base[key], value)) continue;
    if ((await guarded.write(key, value)).held) held.push(key);
  }
  return { conflicts, held };
}

const sameStoredValue = (stored: unknown, value: unknown) => (stored ?? null) === value;

/**
 * Merge-save of a document edited inside another form: the edited fields are replaced whole (a
 * key removed from a map goes away), every other field is left as stored; a missing document is
 * created.
 */
export async function mergeSaveDocument(ref: DocumentReference, request: SaveRequest, exists: boolean): Promise<void> {
  const data: Record<string, unknown> = {};
  for (const key of request.keys) {
    const value = request.values[key];
    if (value !== undefined) data[key] = withoutUndefined(value);
  }
  if (!exists) data.createdAt = serverTimestamp();
  data.updatedAt = serverTimestamp();
  await setDoc(ref, data, { mergeFields: Object.keys(data) });
}

export function deleteDocument(ref: DocumentReference): Promise<void> {
  return deleteDoc(ref);
}

/** Writes back the data Delete kept ('Criar registro'). */
export function restoreDocument(ref: DocumentReference, data: Record<string, unknown>): Promise<void> {
  return setDoc(ref, data);
}

/** The record as each chosen project has it, and what replicating `stored` would change there field by field. */
export async function previewReplication(
  collectionId: string,
  docId: string,
  stored: Record<string, unknown>,
  projectIds: string[],
): Promise<ReplicationPreview[]> {
  return Promise.all(
    projectIds.map(async (projectId) => {
      const snap = await getDoc(projectDocument(projectId, collectionId, docId));
      const target = snap.exists() ? snap.data() : null;
      return { projectId, exists: target !== null, diff: replicationDiff(stored, target), target };
    }),
  );
}

/**
 * Copies the previewed record to the same collection and id of the previewed projects (merge),
 * each in a transaction that first checks the target is still as previewed: a target changed in
 * between is not written, and its outcome names the fields that moved.
 */
export function replicateDocument(
  collectionId: string,
  docId: string,
  stored: Record<string, unknown>,
  previews: ReplicationPreview[],
): Promise<ReplicationOutcome[]> {
  const data = { ...withoutUndefined(stored), updatedAt: serverTimestamp() };
  const byProject = new Map(previews.map((p) => [p.projectId, p]));
  return replicateTo(
    previews.map((p) => p.projectId),
    (target) =>
      runTransaction(db, async (tx) => {
        const ref = projectDocument(target, collectionId, docId);
        const snap = await tx.get(ref);
        const now = snap.exists() ? snap.data() : null;
        const previewed = byProject.get(target)!.target;
        if (fingerprint(now) !== fingerprint(previewed)) throw new TargetMovedError(movedFields(previewed, now));
        tx.set(ref, data, { merge: true });
      }),
  );
}
