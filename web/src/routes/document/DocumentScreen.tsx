import { Alert, Box, Center, chakra, Flex, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState, type FormEvent } from 'react';
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
import { entryLabel } from '@console/shared';
import { ADD_DOC_ID } from '../../app/paths';
import { useProjects } from '../../app/project-context';
import { toaster } from '../../app/toaster';
import { DocumentForm, type FormDocument } from '../../form-engine';
import { SUPER_PROJECT_ID } from '../../lib/env';
import { projectCollection, projectDocument } from '../../lib/firestore-paths';
import { AiAssistantPanel } from '../../ai-assistant/AiAssistantPanel';
import { useAiAssistant } from '../../ai-assistant/use-ai-assistant';
import { AiEditorButton, BottomBar, SaveStatusText } from './components/bottom-bar';
import { ConflictList } from './components/conflict-list';
import { DeletedNotice } from './components/deleted-notice';
import { ActionButton, DocumentHeader } from './components/document-header';
import { FormSkeleton } from './components/form-skeleton';
import { ReplicationPanel } from './components/replication-panel';
import { useCollectionExtension } from '../../collection-extensions';
import { DOCUMENT_TEXTS, idExistsMessage, requiredFieldMessage, SAVE_STATUS } from './constants';
import { changedFieldUpdates, idProblem, withoutUndefined, writeErrorMessage } from './document-writes';
import { hasUnsavedChanges, type SaveRequest } from './form-state';
import { canReplicate, replicateTo, replicationTargets } from './replication';
import { useDocumentForm } from './use-document-form';
import { useDocumentSnapshot } from './use-document-snapshot';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';
import { firstValidationMessage, validationProblems } from './validation-message';

// CodeMirror is loaded only when the JSON editor opens.
const JsonEditor = lazy(() => import('../../json-editor/JsonEditor'));

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

const ID_KEY = 'id';

/** The synthetic id input of userDefinedId collections whose definition lists no `id` field. */
const DEFAULT_ID_FIELD: FieldDefinition = { name: ID_KEY, title: 'ID', type: 'text', required: true };

/**
 * The document screen (spec document 2 §2, document 1 §2 screens 4–5): title, path, Delete and
 * Copy, replication in the super-project, the form with autosave and realtime merge, and the
 * bottom bar; 'add' creates; settings documents are created by their first save.
 */
export function DocumentScreen({ projectId, collectionId, docId, definition, basePath }: DocumentScreenProps) {
  const navigate = useNavigate();
  const formId = useId();
  const { projects } = useProjects();
  const isCollection = definition.kind === 'collection';
  const creating = isCollection && docId === ADD_DOC_ID;
  const userDefinedId = isCollection && definition.userDefinedId === true;

  const ref = useMemo(
    () => (creating ? null : projectDocument(projectId, collectionId, docId)),
    [creating, projectId, collectionId, docId],
  );
  const snapshot = useDocumentSnapshot(ref);
  const storedData = snapshot.status === 'exists' ? snapshot.data : null;

  const [newId, setNewId] = useState('');
  const [creatingBusy, setCreatingBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** The data kept by Delete, written back by 'Criar registro'; non-null = the deleted state. */
  const [deletedData, setDeletedData] = useState<Record<string, unknown> | null>(null);
  const [busy, setBusy] = useState<'delete' | 'copy' | 'recreate' | null>(null);
  const [jsonOpen, setJsonOpen] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);

  const idField = useMemo(
    () => (userDefinedId ? (definition.fields.find((f) => f.name === ID_KEY) ?? DEFAULT_ID_FIELD) : null),
    [userDefinedId, definition.fields],
  );
  const formFields = useMemo(
    () => (idField && !definition.fields.includes(idField) ? [idField, ...definition.fields] : definition.fields),
    [idField, definition.fields],
  );
  const idTitle = idField?.title ?? 'ID';
  const formDocument = useMemo<FormDocument>(
    () => ({ projectId, collectionId, docId: creating ? null : docId }),
    [projectId, collectionId, creating, docId],
  );
  const withId = useCallback(
    (values: Record<string, unknown>, id: string) => (idField ? { ...values, [ID_KEY]: id } : values),
    [idField],
  );

  /** The first problem in what a save writes; problems of stored keys nobody edited do not block it. */
  function saveProblem(request: SaveRequest): string | null {
    const checked = withId(request.values as Record<string, unknown>, docId);
    const result = definition.schema.safeParse(checked);
    if (result.success) return null;
    const everything = request.keys.length === 0 || snapshot.status !== 'exists';
    const issues = everything ? result.error.issues : result.error.issues.filter((i) => request.keys.includes(String(i.path[0])));
    return issues.length > 0 ? firstValidationMessage(issues, formFields, checked) : null;
  }

  async function writeSave(request: SaveRequest) {
    if (snapshot.status !== 'exists') {
      // A settings document saved for the first time (merge: someone may have just created it).
      await setDoc(
        ref!,
        { ...withoutUndefined(request.values), createdAt: serverTimestamp(), updatedAt: serverTimestamp() },
        { merge: true },
      );
    } else {
      await updateDoc(ref!, ...changedFieldUpdates(request.keys, request.values as Record<string, unknown>));
    }
  }

  const existing = !creating && snapshot.status === 'exists';
  // Buttons and panels a collection registers (web/src/collection-extensions).
  const extension = useCollectionExtension({ projectId, collectionId, docId, data: storedData, creating, existing: isCollection && existing });
  const form = useDocumentForm({ snapshot, autosave: existing, validate: saveProblem, write: writeSave });
  const { state, edit } = form;

  const dirty = deletedData === null && (hasUnsavedChanges(state) || (creating && newId.trim() !== ''));
  const allowNextNavigation = useUnsavedChangesGuard(dirty);

  const formValues = useMemo(
    () => withId(state.values as Record<string, unknown>, creating ? newId : docId),
    [withId, state.values, creating, newId, docId],
  );

  const formValuesRef = useRef(formValues);
  formValuesRef.current = formValues;
  const aiDocument = useMemo(() => ({ collection: collectionId, id: docId }), [collectionId, docId]);
  // Kept while this document is open; the screen remounts for another document (key in the route).
  const assistant = useAiAssistant({ project: projectId, document: aiDocument, fields: formFields, values: () => formValuesRef.current });

  const change = useCallback(
    (key: string, value: unknown) => {
      setMessage(null);
      if (idField && key === ID_KEY) setNewId(typeof value === 'string' ? value : '');
      else edit(key, value);
    },
    [idField, edit],
  );

  async function create() {
    if (creatingBusy) return;
    setMessage(null);
    const values = state.values as Record<string, unknown>;
    let targetId = docId;
    if (userDefinedId) {
      targetId = newId.trim();
      if (!targetId) return setMessage(requiredFieldMessage(idTitle));
      const problem = idProblem(targetId);
      if (problem) return setMessage(problem);
    }
    const checked = withId(values, targetId);
    const result = definition.schema.safeParse(checked);
    if (!result.success) return setMessage(firstValidationMessage(result.error.issues, formFields, checked));

    setCreatingBusy(true);
    try {
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
          setCreatingBusy(false);
          return setMessage(idExistsMessage(idTitle));
        }
        await setDoc(created, data);
      } else {
        created = await addDoc(projectCollection(projectId, collectionId), data);
      }
      allowNextNavigation();
      navigate(`${basePath}/${encodeURIComponent(created.id)}`, { replace: true });
    } catch (error) {
      console.error(error);
      setMessage(writeErrorMessage(error));
      setCreatingBusy(false);
    }
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
      await deleteDoc(ref);
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
      await setDoc(ref, deletedData);
      form.reset(deletedData);
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
      if (!copyId) return setMessage(requiredFieldMessage(idTitle));
      const problem = idProblem(copyId);
      if (problem) return setMessage(problem);
    }
    setBusy('copy');
    try {
      if (userDefinedId) {
        const target = projectDocument(projectId, collectionId, copyId!);
        if ((await getDoc(target)).exists()) return setMessage(DOCUMENT_TEXTS.idTaken);
        if (ID_KEY in data || (idField && idField !== DEFAULT_ID_FIELD)) data[ID_KEY] = copyId!;
        await setDoc(target, data);
      } else {
        copyId = (await addDoc(projectCollection(projectId, collectionId), data)).id;
      }
      toaster.create({ type: 'success', title: DOCUMENT_TEXTS.copied });
      navigate(`${basePath}/${encodeURIComponent(copyId!)}`);
    } catch (error) {
      console.error(error);
      setMessage(writeErrorMessage(error, DOCUMENT_TEXTS.copyFailed));
    } finally {
      setBusy(null);
    }
  }

  const replicable = canReplicate(definition, projectId, SUPER_PROJECT_ID, creating);
  const replicaTargets = useMemo(
    () => (replicable ? replicationTargets(projects, projectId, collectionId) : []),
    [replicable, projects, projectId, collectionId],
  );

  function replicate(projectIds: string[]) {
    const data = { ...withoutUndefined(storedData ?? {}), updatedAt: serverTimestamp() };
    return replicateTo(projectIds, (target) => setDoc(projectDocument(target, collectionId, docId), data, { merge: true }));
  }

  const validateJson = useCallback(
    (data: Record<string, unknown>) => {
      const result = definition.schema.safeParse(data);
      return result.success ? [] : validationProblems(result.error.issues, formFields, data);
    },
    [definition.schema, formFields],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    if (creating) void create();
    else void form.save(true);
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

  const loading = !state.loaded || state.settling;
  const settingsMissing = !isCollection && snapshot.status === 'missing';
  const shownMessage = message ?? (state.status === 'failed' ? state.error : null);

  return (
    <Flex minH="full" align="stretch">
      <Flex direction="column" minH="full" flex="1" minW="0">
        <DocumentHeader
          title={title}
          path={path}
          actions={
            <>
              {extension.actions}
              {isCollection && existing && (
                <>
                  <ActionButton colorPalette="red" loading={busy === 'delete'} disabled={busy !== null} onClick={() => void remove()}>
                    {DOCUMENT_TEXTS.delete}
                  </ActionButton>
                  <ActionButton loading={busy === 'copy'} disabled={busy !== null} onClick={() => void copy()}>
                    {DOCUMENT_TEXTS.copy}
                  </ActionButton>
                </>
              )}
            </>
          }
        />
        {loading && <FormSkeleton fields={formFields.length} />}
        {/* Mounted while settling (widgets may set their values then) but shown only after. */}
        {state.loaded && (
          <Box px="6" py="5" maxW="3xl" flex="1" hidden={loading}>
            {replicable && existing && <ReplicationPanel targets={replicaTargets} blocked={dirty} onReplicate={replicate} />}
            {settingsMissing && (
              <Text fontSize="sm" color="fg.muted" mb="4">
                {DOCUMENT_TEXTS.settingsMissing}
              </Text>
            )}
            {shownMessage && (
              <Alert.Root status="error" mb="4" role="alert">
                <Alert.Indicator />
                <Alert.Title>{shownMessage}</Alert.Title>
              </Alert.Root>
            )}
            {extension.panels}
            <chakra.form id={formId} noValidate onSubmit={submit}>
              <DocumentForm
                fields={formFields}
                values={formValues}
                onChange={change}
                isFieldDisabled={(field) => field === idField && !creating}
                document={formDocument}
              />
            </chakra.form>
          </Box>
        )}
        {!loading && (
          <BottomBar
            above={<ConflictList conflicts={state.conflicts} fields={formFields} onResolve={form.resolveConflict} />}
          >
            {existing ? (
              <>
                <SaveStatusText text={SAVE_STATUS[state.status]} />
                <AiEditorButton open={aiOpen} onClick={() => setAiOpen((open) => !open)} />
                <ActionButton onClick={() => setJsonOpen(true)}>{DOCUMENT_TEXTS.jsonEditor}</ActionButton>
              </>
            ) : (
              <ActionButton
                type="submit"
                form={formId}
                variant="solid"
                colorPalette="blue"
                loading={creatingBusy || state.saving !== null}
                disabled={busy !== null}
              >
                {DOCUMENT_TEXTS.save}
              </ActionButton>
            )}
          </BottomBar>
        )}
        {jsonOpen && ref && (
          <Suspense
            fallback={
              <Center position="fixed" inset="0" bg="blackAlpha.400" zIndex="modal">
                <Spinner size="lg" color="white" role="status" aria-label={DOCUMENT_TEXTS.jsonEditorLoading} />
              </Center>
            }
          >
            <JsonEditor docRef={ref} path={path} validate={validateJson} onClose={() => setJsonOpen(false)} />
          </Suspense>
        )}
      </Flex>
      {aiOpen && existing && (
        <AiAssistantPanel assistant={assistant} values={formValues} onApply={change} onClose={() => setAiOpen(false)} />
      )}
    </Flex>
  );
}
