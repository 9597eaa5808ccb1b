import { useCallback, useMemo, useState } from 'react';
import { serverTimestamp } from 'firebase/firestore';
import type { CollectionDefinition, FieldDefinition, Project, SettingsDefinition } from '@console/shared';
import { conditionSqlMismatches } from '@console/shared';
import { ADD_DOC_ID } from '../app/paths';
import { toaster } from '../app/toaster';
import { SUPER_PROJECT_ID } from '../lib/env';
import { projectDocument } from '../lib/firestore-paths';
import { DOCUMENT_TEXTS, idExistsMessage } from './constants';
import {
  checkNewId,
  deleteDocument,
  previewReplication,
  replicateDocument,
  restoreDocument,
  saveDocument,
  saveWithGuardedFields,
  writeNewRecord,
  type GuardedFields,
} from './document-store';
import { withoutUndefined, writeErrorMessage } from './document-writes';
import { hasUnsavedChanges, type SaveRequest } from './form-state';
import { sameValue } from './remote-merge';
import { canReplicate, replicationTargets, type PreviewedReplication, type ReplicationOutcome } from './replication';
import { saveProblem } from './save-problem';
import { useDocumentForm } from './use-document-form';
import { useDocumentSnapshot } from './use-document-snapshot';
import { validationProblems } from './validation-message';

const ID_KEY = 'id';

/** The synthetic id input of userDefinedId collections whose definition lists no `id` field. */
const DEFAULT_ID_FIELD: FieldDefinition = { name: ID_KEY, title: 'ID', type: 'text', required: true };

export interface DocumentOptions {
  projectId: string;
  /** The collection under the project (CONFIG_COLLECTION for settings). */
  collectionId: string;
  /** ADD_DOC_ID opens the creation form (collections only). */
  docId: string;
  definition: CollectionDefinition | SettingsDefinition;
  /** The projects the user may open (replication targets). */
  projects: readonly Project[];
  /** Fields the form sends through a server check instead of writing them (the product's prices). */
  guarded?: GuardedFields;
}

/**
 * One document of the console with everything done to it: the realtime snapshot, the form with
 * autosave and realtime merge, create (the 'add' form), copy, delete and restore ('Criar
 * registro'), replication from the super-project. The document screen only renders this.
 */
export function useDocument({ projectId, collectionId, docId, definition, projects, guarded }: DocumentOptions) {
  const isCollection = definition.kind === 'collection';
  const creating = isCollection && docId === ADD_DOC_ID;
  const userDefinedId = isCollection && definition.userDefinedId === true;

  const ref = useMemo(() => (creating ? null : projectDocument(projectId, collectionId, docId)), [creating, projectId, collectionId, docId]);
  const snapshot = useDocumentSnapshot(ref);
  const storedData = snapshot.status === 'exists' ? snapshot.data : null;

  const [newId, setNewId] = useState('');
  const [creatingBusy, setCreatingBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** The data kept by Delete, written back by 'Criar registro'; non-null = the deleted state. */
  const [deletedData, setDeletedData] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState<'delete' | 'copy' | 'recreate' | null>(null);

  const idField = useMemo(
    () => (userDefinedId ? (definition.fields.find((f) => f.name === ID_KEY) ?? DEFAULT_ID_FIELD) : null),
    [userDefinedId, definition.fields],
  );
  const formFields = useMemo(
    () => (idField && !definition.fields.includes(idField) ? [idField, ...definition.fields] : definition.fields),
    [idField, definition.fields],
  );
  const idTitle = idField?.title ?? 'ID';
  /** A stored record without what only the functions write (a copy, 'Criar registro'). */
  const withoutServerFields = (data: Record<string, unknown>) =>
    isCollection && definition.serverFields ? Object.fromEntries(Object.entries(data).filter(([key]) => !definition.serverFields!.includes(key))) : data;
  const withId = useCallback((values: Record<string, unknown>, id: string) => (idField ? { ...values, [ID_KEY]: id } : values), [idField]);

  const exists = snapshot.status === 'exists';
  const existing = !creating && exists;
  const form = useDocumentForm({
    snapshot,
    autosave: existing,
    validate: (request: SaveRequest) =>
      saveProblem(definition.schema, formFields, request, withId(request.values as Record<string, unknown>, docId), request.keys.length === 0 || !exists),
    // The 'add' form has no document yet and never saves through the form (create() writes it).
    write: (request: SaveRequest) =>
      !ref
        ? Promise.reject(new Error('no document'))
        : guarded && exists
          ? saveWithGuardedFields(ref, request, exists, guarded)
          : saveDocument(ref, request, exists),
  });
  const { state, edit } = form;

  const dirty = deletedData === null && (hasUnsavedChanges(state) || (creating && newId.trim() !== ''));

  const formValues = useMemo(() => withId(state.values as Record<string, unknown>, creating ? newId : docId), [withId, state.values, creating, newId, docId]);

  const change = useCallback(
    (key: string, value: unknown) => {
      setMessage(null);
      if (idField && key === ID_KEY) setNewId(typeof value === 'string' ? value : '');
      else edit(key, value);
    },
    [idField, edit],
  );

  /** Creates the record of the 'add' form; answers its id, or null (the message says why). */
  async function create(): Promise<string | null> {
    if (creatingBusy) return null;
    setMessage(null);
    const values = state.values as Record<string, unknown>;
    let targetId = docId;
    if (userDefinedId) {
      const typed = checkNewId(newId, idTitle);
      if ('problem' in typed) return fail(typed.problem);
      targetId = typed.id;
    }
    const problem = saveProblem(definition.schema, formFields, { keys: [], values }, withId(values, targetId), true);
    if (problem) return fail(problem);

    setCreatingBusy(true);
    try {
      const data = {
        ...withoutUndefined(values),
        // A definition that lists an `id` field keeps it in the data too (as the seed does).
        ...(idField && idField !== DEFAULT_ID_FIELD ? { [ID_KEY]: targetId } : {}),
        createdAt: values.createdAt ?? serverTimestamp(),
        updatedAt: serverTimestamp(),
      };
      const outcome = await writeNewRecord(projectId, collectionId, userDefinedId ? targetId : null, data);
      if (!outcome.created) {
        setCreatingBusy(false);
        return fail(idExistsMessage(idTitle));
      }
      return outcome.id;
    } catch (error) {
      console.error(error);
      setCreatingBusy(false);
      return fail(writeErrorMessage(error));
    }
  }

  function fail(text: string): null {
    setMessage(text);
    return null;
  }

  async function remove() {
    if (!ref || !storedData || !window.confirm(DOCUMENT_TEXTS.confirmDelete)) return;
    const kept = storedData;
    // Shown before the write ends: the realtime listener reports the deletion first.
    setDeletedData(kept);
    form.reset(kept);
    setMessage(null);
    setBusy('delete');
    try {
      await deleteDocument(ref);
    } catch (error) {
      console.error(error);
      setDeletedData(null);
      setMessage(writeErrorMessage(error, DOCUMENT_TEXTS.deleteFailed));
    } finally {
      setBusy(null);
    }
  }

  async function recreate() {
    if (!ref || !deletedData) return;
    setBusy('recreate');
    try {
      await restoreDocument(ref, withoutServerFields(deletedData));
      form.reset(deletedData);
      setDeletedData(null);
    } catch (error) {
      console.error(error);
      toaster.create({ type: 'error', title: writeErrorMessage(error, DOCUMENT_TEXTS.recreateFailed) });
    } finally {
      setBusy(null);
    }
  }

  /** Copies the stored record (asking the new id where ids are typed); answers the copy's id, or null. */
  async function copy(): Promise<string | null> {
    if (!storedData) return null;
    setMessage(null);
    const data: Record<string, unknown> = { ...withoutServerFields(storedData), createdAt: serverTimestamp(), updatedAt: serverTimestamp() };
    let copyId: string | null = null;
    if (userDefinedId) {
      const answer = window.prompt(DOCUMENT_TEXTS.newIdPrompt);
      if (answer === null) return null;
      const typed = checkNewId(answer, idTitle);
      if ('problem' in typed) return fail(typed.problem);
      copyId = typed.id;
      if (ID_KEY in data || (idField && idField !== DEFAULT_ID_FIELD)) data[ID_KEY] = copyId;
    }
    setBusy('copy');
    try {
      const outcome = await writeNewRecord(projectId, collectionId, copyId, data);
      if (!outcome.created) return fail(DOCUMENT_TEXTS.idTaken);
      return outcome.id;
    } catch (error) {
      console.error(error);
      return fail(writeErrorMessage(error, DOCUMENT_TEXTS.copyFailed));
    } finally {
      setBusy(null);
    }
  }

  const replicable = canReplicate(definition, projectId, SUPER_PROJECT_ID, creating);
  const replicaTargets = useMemo(
    () => (replicable ? replicationTargets(projects, projectId, collectionId) : []),
    [replicable, projects, projectId, collectionId],
  );
  /** The field-by-field diff per chosen project, of the record as stored now (issue 29 point 5). */
  const previewReplicas = async (projectIds: string[]): Promise<PreviewedReplication> => {
    const stored = storedData ?? {};
    return { stored, previews: await previewReplication(collectionId, docId, stored, projectIds) };
  };
  /** Writes exactly what was previewed: that record, to those projects, each only if unchanged since. */
  const replicate = (previewed: PreviewedReplication): Promise<ReplicationOutcome[]> =>
    replicateDocument(collectionId, docId, previewed.stored, previewed.previews);

  const validateJson = useCallback(
    (data: Record<string, unknown>) => {
      const result = definition.schema.safeParse(data);
      if (!result.success) return validationProblems(result.error.issues, formFields, data);
      // What only the server writes (firestore.rules refuse it) stays as stored: the product's
      // prices change through the form's field (the store's guardrails), its readiness by itself.
      const serverOwned = [...(guarded?.keys ?? []), ...(isCollection ? (definition.serverFields ?? []) : [])];
      const changed = serverOwned.filter((key) => !sameValue(data[key], storedData?.[key]));
      if (changed.length > 0)
        return changed.map((key) => ({ path: key, message: DOCUMENT_TEXTS.serverOwnedField(formFields.find((f) => f.name === key)?.title ?? key) }));
      // A condition's sql must be what its map writes (the server recomputes it anyway).
      return conditionSqlMismatches(definition.fields, data);
    },
    [definition, formFields, guarded, isCollection, storedData],
  );

  return {
    ref,
    snapshot,
    storedData,
    form,
    isCollection,
    creating,
    existing,
    /** The id input of the 'add' form (null where Firestore chooses ids). */
    idField,
    formFields,
    formValues,
    newId,
    change,
    dirty,
    message,
    busy,
    creatingBusy,
    deletedData,
    create,
    remove,
    recreate,
    copy,
    replicable,
    replicaTargets,
    previewReplicas,
    replicate,
    validateJson,
  };
}

export type DocumentModel = ReturnType<typeof useDocument>;
