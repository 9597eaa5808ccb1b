import { Alert, Box, Center, Spinner, Text } from '@chakra-ui/react';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  addDoc,
  deleteDoc,
  getDoc,
  serverTimestamp,
  setDoc,
  updateDoc,
  type DocumentReference,
} from 'firebase/firestore';
import type { CollectionDefinition, FieldDefinition, SettingsDefinition } from '@console/shared';
import { ADD_DOC_ID } from '../../app/paths';
import { toaster } from '../../app/toaster';
import { DocumentForm } from '../../form-engine';
import { projectCollection, projectDocument } from '../../lib/firestore-paths';
import { entryLabel } from '../collection/list-query';
import { DeletedNotice } from './components/deleted-notice';
import { ActionButton, DocumentHeader } from './components/document-header';
import {
  DOCUMENT_TEXTS,
  idExistsMessage,
  requiredFieldMessage,
  SAVE_STATUS,
  type SaveStatus,
} from './constants';
import { changedFieldUpdates, idProblem, withoutUndefined, writeErrorMessage } from './document-writes';
import { useDocumentSnapshot } from './use-document-snapshot';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';
import { firstValidationMessage } from './validation-message';

export interface DocumentScreenProps {
  projectId: string;
  /** The collection under the project (CONFIG_COLLECTION for settings). */
  collectionId: string;
  /** ADD_DOC_ID opens the creation form (collections only). */
  docId: string;
  definition: CollectionDefinition | SettingsDefinition;
  /** Route of this collection's documents, for the navigations after creating or copying. */
  basePath: string;
}

const NO_KEYS: ReadonlySet<string> = new Set();
const ID_KEY = 'id';

/** The synthetic id input of userDefinedId collections whose definition lists no `id` field. */
const DEFAULT_ID_FIELD: FieldDefinition = { name: ID_KEY, title: 'ID', type: 'text', required: true };

/** Remote data for the keys not being edited, local edits for the others. */
function mergeRemote(remote: Record<string, unknown>, draft: Record<string, unknown>, edited: ReadonlySet<string>) {
  const next = { ...remote };
  for (const key of edited) next[key] = draft[key];
  return next;
}

/**
 * The document screen (spec document 2 §2): title, path, Delete and Copy, the form, the save
 * status; 'add' creates; settings documents are created by their first save.
 */
export function DocumentScreen({ projectId, collectionId, docId, definition, basePath }: DocumentScreenProps) {
  const navigate = useNavigate();
  const formId = useId();
  const isCollection = definition.kind === 'collection';
  const creating = isCollection && docId === ADD_DOC_ID;
  const userDefinedId = isCollection && definition.userDefinedId === true;

  const ref = useMemo(
    () => (creating ? null : projectDocument(projectId, collectionId, docId)),
    [creating, projectId, collectionId, docId],
  );
  const snapshot = useDocumentSnapshot(ref);

  const [draft, setDraft] = useState<Record<string, unknown>>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(NO_KEYS);
  const [newId, setNewId] = useState('');
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** The data kept by Delete, written back by 'Criar registro'; non-null = the deleted state. */
  const [deletedData, setDeletedData] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState<'delete' | 'copy' | 'recreate' | null>(null);

  // Async handlers read the latest values, not the ones of the render that started them.
  const latest = useRef({ draft, edited });
  latest.current = { draft, edited };

  // Keep the form in step with the realtime document without losing local edits.
  const [syncedSnapshot, setSyncedSnapshot] = useState(snapshot);
  if (syncedSnapshot !== snapshot) {
    setSyncedSnapshot(snapshot);
    if (snapshot.status === 'exists') setDraft((current) => mergeRemote(snapshot.data, current, edited));
  }

  const dirty = deletedData === null && (edited.size > 0 || (creating && newId.trim() !== ''));
  const allowNextNavigation = useUnsavedChangesGuard(dirty);

  const idField = useMemo(
    () => (userDefinedId ? (definition.fields.find((f) => f.name === ID_KEY) ?? DEFAULT_ID_FIELD) : null),
    [userDefinedId, definition.fields],
  );
  const formFields = useMemo(
    () => (idField && !definition.fields.includes(idField) ? [idField, ...definition.fields] : definition.fields),
    [idField, definition.fields],
  );
  const formValues = useMemo(
    () => (idField ? { ...draft, [ID_KEY]: creating ? newId : docId } : draft),
    [idField, draft, creating, newId, docId],
  );

  const storedData = snapshot.status === 'exists' ? snapshot.data : null;
  const idTitle = idField?.title ?? 'ID';

  function fail(text: string) {
    setMessage(text);
  }

  function change(key: string, value: unknown) {
    setMessage(null);
    setSaveFailed(false);
    if (idField && key === ID_KEY) {
      setNewId(typeof value === 'string' ? value : '');
      return;
    }
    setDraft((current) => ({ ...current, [key]: value }));
    setEdited((current) => (current.has(key) ? current : new Set(current).add(key)));
  }

  async function save() {
    if (saving) return;
    setMessage(null);
    const values = latest.current.draft;

    let targetId = docId;
    if (creating && userDefinedId) {
      targetId = newId.trim();
      if (!targetId) return fail(requiredFieldMessage(idTitle));
      const problem = idProblem(targetId);
      if (problem) return fail(problem);
    }
    const checked = idField ? { ...values, [ID_KEY]: targetId } : values;
    const result = definition.schema.safeParse(checked);
    if (!result.success) return fail(firstValidationMessage(result.error.issues, formFields, checked));

    setSaving(true);
    setSaveFailed(false);
    try {
      if (creating) {
        const data = {
          ...withoutUndefined(values),
          // A definition that lists an `id` field keeps it in the data too (as the seed does).
          ...(idField && idField !== DEFAULT_ID_FIELD ? { [ID_KEY]: targetId } : {}),
          createdAt: values.createdAt ?? serverTimestamp(),
          updatedAt: serverTimestamp(),
        };
        let created: DocumentReference;
        if (userDefinedId) {
          created = projectDocument(projectId, collectionId, targetId);
          if ((await getDoc(created)).exists()) {
            setSaving(false);
            return fail(idExistsMessage(idTitle));
          }
          await setDoc(created, data);
        } else {
          created = await addDoc(projectCollection(projectId, collectionId), data);
        }
        allowNextNavigation();
        navigate(`${basePath}/${encodeURIComponent(created.id)}`, { replace: true });
        return;
      }

      const keys = [...latest.current.edited];
      if (snapshot.status === 'missing') {
        // A settings document saved for the first time (merge: someone may have just created it).
        await setDoc(
          ref!,
          { ...withoutUndefined(values), createdAt: serverTimestamp(), updatedAt: serverTimestamp() },
          { merge: true },
        );
      } else if (keys.length > 0) {
        await updateDoc(ref!, ...changedFieldUpdates(keys, values));
      }
      // Keys edited again while the write was under way stay pending.
      setEdited((current) => {
        const still = [...current].filter((key) => latest.current.draft[key] !== values[key]);
        return still.length === 0 ? NO_KEYS : new Set(still);
      });
    } catch (error) {
      console.error(error);
      setSaveFailed(true);
      fail(writeErrorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!ref || !storedData || !window.confirm(DOCUMENT_TEXTS.confirmDelete)) return;
    const kept = storedData;
    // Shown before the write ends: the realtime listener reports the deletion first.
    setDeletedData(kept);
    setEdited(NO_KEYS);
    setMessage(null);
    setBusy('delete');
    try {
      await deleteDoc(ref);
    } catch (error) {
      console.error(error);
      setDeletedData(null);
      fail(writeErrorMessage(error, DOCUMENT_TEXTS.deleteFailed));
    } finally {
      setBusy(null);
    }
  }

  async function recreate() {
    if (!ref || !deletedData) return;
    setBusy('recreate');
    try {
      await setDoc(ref, deletedData);
      setDraft(deletedData);
      setDeletedData(null);
    } catch (error) {
      console.error(error);
      toaster.create({ type: 'error', title: writeErrorMessage(error, DOCUMENT_TEXTS.recreateFailed) });
    } finally {
      setBusy(null);
    }
  }

  async function copy() {
    if (!storedData) return;
    setMessage(null);
    const data: Record<string, unknown> = { ...storedData, createdAt: serverTimestamp(), updatedAt: serverTimestamp() };
    let copyId: string;
    if (userDefinedId) {
      const answer = window.prompt(DOCUMENT_TEXTS.newIdPrompt);
      if (answer === null) return;
      copyId = answer.trim();
      if (!copyId) return fail(requiredFieldMessage(idTitle));
      const problem = idProblem(copyId);
      if (problem) return fail(problem);
    }
    setBusy('copy');
    try {
      if (userDefinedId) {
        const target = projectDocument(projectId, collectionId, copyId!);
        if ((await getDoc(target)).exists()) return fail(DOCUMENT_TEXTS.idTaken);
        if (ID_KEY in data || (idField && idField !== DEFAULT_ID_FIELD)) data[ID_KEY] = copyId!;
        await setDoc(target, data);
      } else {
        copyId = (await addDoc(projectCollection(projectId, collectionId), data)).id;
      }
      toaster.create({ type: 'success', title: DOCUMENT_TEXTS.copied });
      navigate(`${basePath}/${encodeURIComponent(copyId!)}`);
    } catch (error) {
      console.error(error);
      fail(writeErrorMessage(error, DOCUMENT_TEXTS.copyFailed));
    } finally {
      setBusy(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void save();
  }

  const path = `${projectId}/${collectionId}/${creating ? newId.trim() || ADD_DOC_ID : docId}`;
  const title = !isCollection
    ? definition.title
    : creating
      ? DOCUMENT_TEXTS.newRecord
      : entryLabel(definition, docId, storedData ?? deletedData ?? {});

  if (deletedData) {
    return (
      <Box>
        <DocumentHeader title={title} path={path} actions={null} />
        <DeletedNotice busy={busy === 'recreate'} onRecreate={() => void recreate()} />
      </Box>
    );
  }

  if (!creating && snapshot.status === 'loading') {
    return (
      <Center py="16">
        <Spinner size="lg" color="blue.500" aria-label={DOCUMENT_TEXTS.loading} />
      </Center>
    );
  }
  if (snapshot.status === 'error') {
    return (
      <Center py="16" px="6">
        <Text role="alert">{snapshot.code === 'permission-denied' ? DOCUMENT_TEXTS.readDenied : DOCUMENT_TEXTS.loadFailed}</Text>
      </Center>
    );
  }
  if (isCollection && !creating && snapshot.status === 'missing') {
    return (
      <Center py="16" px="6">
        <Text role="status">{DOCUMENT_TEXTS.notFound}</Text>
      </Center>
    );
  }

  const settingsMissing = !isCollection && snapshot.status === 'missing';
  let status: SaveStatus | null = null;
  if (!creating) {
    if (saving) status = 'saving';
    else if (saveFailed) status = 'failed';
    else if (dirty) status = 'pending';
    else if (!settingsMissing) status = 'saved';
  }

  return (
    <Box>
      <DocumentHeader
        title={title}
        path={path}
        status={status ? SAVE_STATUS[status] : undefined}
        actions={
          <>
            {isCollection && !creating && (
              <>
                <ActionButton colorPalette="red" loading={busy === 'delete'} disabled={busy !== null} onClick={() => void remove()}>
                  {DOCUMENT_TEXTS.delete}
                </ActionButton>
                <ActionButton loading={busy === 'copy'} disabled={busy !== null} onClick={() => void copy()}>
                  {DOCUMENT_TEXTS.copy}
                </ActionButton>
              </>
            )}
            <ActionButton type="submit" form={formId} variant="solid" colorPalette="blue" loading={saving} disabled={busy !== null}>
              {DOCUMENT_TEXTS.save}
            </ActionButton>
          </>
        }
      />
      <Box px="6" py="5" maxW="3xl">
        {settingsMissing && (
          <Text fontSize="sm" color="fg.muted" mb="4">
            {DOCUMENT_TEXTS.settingsMissing}
          </Text>
        )}
        {message && (
          <Alert.Root status="error" mb="4" role="alert">
            <Alert.Indicator />
            <Alert.Title>{message}</Alert.Title>
          </Alert.Root>
        )}
        <form id={formId} noValidate onSubmit={submit}>
          <DocumentForm
            fields={formFields}
            values={formValues}
            onChange={change}
            isFieldDisabled={(field) => field === idField && !creating}
          />
        </form>
      </Box>
    </Box>
  );
}
