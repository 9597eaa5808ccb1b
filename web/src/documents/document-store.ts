/**
 * Every write of a document of the console, in one place: create, copy, delete, restore,
 * replicate, save (the document form's and a merge-save of a document edited inside another
 * form). Screens and widgets reach them through the hooks of this folder.
 */
import { addDoc, deleteDoc, getDoc, serverTimestamp, setDoc, updateDoc, type DocumentReference } from 'firebase/firestore';
import { projectCollection, projectDocument } from '../lib/firestore-paths';
import { requiredFieldMessage } from './constants';
import { changedFieldUpdates, idProblem, withoutUndefined } from './document-writes';
import type { SaveRequest } from './form-state';
import { replicateTo, type ReplicationOutcome } from './replication';

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

/** The form's save: the edited keys of an existing document, or a first save of a settings document. */
export async function saveDocument(ref: DocumentReference, request: SaveRequest, exists: boolean): Promise<void> {
  if (!exists) {
    // A settings document saved for the first time (merge: someone may have just created it).
    await setDoc(ref, { ...withoutUndefined(request.values), createdAt: serverTimestamp(), updatedAt: serverTimestamp() }, { merge: true });
  } else {
    await updateDoc(ref, ...changedFieldUpdates(request.keys, request.values as Record<string, unknown>));
  }
}

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

/** Copies a stored record to the same collection and id of other projects (merge). */
export function replicateDocument(collectionId: string, docId: string, stored: Record<string, unknown>, projectIds: string[]): Promise<ReplicationOutcome[]> {
  const data = { ...withoutUndefined(stored), updatedAt: serverTimestamp() };
  return replicateTo(projectIds, (target) => setDoc(projectDocument(target, collectionId, docId), data, { merge: true }));
}
