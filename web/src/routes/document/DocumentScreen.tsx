import { Box, Flex } from '@chakra-ui/react';
import { useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { CollectionDefinition, SettingsDefinition } from '@console/shared';
import { entryLabel } from '@console/shared';
import { ADD_DOC_ID } from '../../app/paths';
import { useProjects } from '../../app/project-context';
import { toaster } from '../../app/toaster';
import { DocumentAssistantPanel } from '../../ai-assistant/DocumentAssistantPanel';
import { useAiAssistant } from '../../ai-assistant/use-ai-assistant';
import { guardedFieldsOf, useCollectionExtension, useEntryTitles } from '../../collection-extensions';
import { DOCUMENT_TEXTS, SAVE_STATUS } from '../../documents/constants';
import { useDocument } from '../../documents/use-document';
import { ConflictList } from '../../form-engine';
import { AiEditorButton, BottomBar, SaveStatusText } from './components/bottom-bar';
import { DeletedNotice } from './components/deleted-notice';
import { DocumentActions } from './components/document-actions';
import { DocumentBody } from './components/document-body';
import { ActionButton } from '../../app/action-button';
import { DocumentHeader } from './components/document-header';
import { DocumentProblem } from './components/document-problem';
import { FormSkeleton } from './components/form-skeleton';
import { JsonEditorOverlay } from './components/json-editor-overlay';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard';

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

/**
 * The document screen (spec document 2 §2, document 1 §2 screens 4–5): title, path, Delete and
 * Copy, replication in the super-project, the form with autosave and realtime merge, and the
 * bottom bar; 'add' creates; settings documents are created by their first save. What is done to
 * the document lives in web/src/documents (useDocument); this screen lays it out.
 */
export function DocumentScreen({ projectId, collectionId, docId, definition, basePath }: DocumentScreenProps) {
  const navigate = useNavigate();
  const formId = useId();
  const { projects } = useProjects();
  // Fields the form sends through a server check (the product's prices: the store's guardrails).
  const guarded = useMemo(() => guardedFieldsOf(collectionId, projectId, docId), [collectionId, projectId, docId]);
  const document = useDocument({ projectId, collectionId, docId, definition, projects, guarded });
  const { creating, existing, isCollection, snapshot, storedData, form, formFields, formValues } = document;
  const { state } = form;
  const [jsonOpen, setJsonOpen] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);

  // Buttons and panels a collection registers (web/src/collection-extensions).
  const extension = useCollectionExtension({
    projectId,
    collectionId,
    docId,
    data: storedData,
    creating,
    existing: isCollection && existing,
    values: formValues,
  });
  const allowNextNavigation = useUnsavedChangesGuard(document.dirty);
  // A title taken from another record (a conversation is titled by its customer), as the list names it.
  const titleEntries = useMemo(() => (storedData ? [{ id: docId, data: storedData }] : []), [docId, storedData]);
  const titleFromOtherRecords = useEntryTitles(collectionId, projectId, titleEntries).get(docId);

  const formValuesRef = useRef(formValues);
  formValuesRef.current = formValues;
  const aiDocument = useMemo(() => ({ collection: collectionId, id: docId }), [collectionId, docId]);
  // Kept while this document is open; the screen remounts for another document (key in the route).
  const assistant = useAiAssistant({ project: projectId, document: aiDocument, fields: formFields, values: () => formValuesRef.current });

  async function create() {
    const id = await document.create();
    if (id === null) return;
    allowNextNavigation();
    navigate(`${basePath}/${encodeURIComponent(id)}`, { replace: true });
  }

  async function copy() {
    const id = await document.copy();
    if (id === null) return;
    toaster.create({ type: 'success', title: DOCUMENT_TEXTS.copied });
    navigate(`${basePath}/${encodeURIComponent(id)}`);
  }

  const path = `${projectId}/${collectionId}/${creating ? document.newId.trim() || ADD_DOC_ID : docId}`;
  const title =
    definition.kind !== 'collection'
      ? definition.title
      : creating
        ? DOCUMENT_TEXTS.newRecord
        : (titleFromOtherRecords ?? entryLabel(definition, docId, storedData ?? document.deletedData ?? {}));

  if (document.deletedData) {
    return (
      <Box>
        <DocumentHeader title={title} path={path} actions={null} />
        <DeletedNotice busy={document.busy === 'recreate'} onRecreate={() => void document.recreate()} />
      </Box>
    );
  }
  if (snapshot.status === 'error' || (isCollection && !creating && snapshot.status === 'missing')) {
    return <DocumentProblem snapshot={snapshot} />;
  }

  const loading = !state.loaded || state.settling;

  return (
    <Flex minH="full" align="stretch">
      <Flex direction="column" minH="full" flex="1" minW="0">
        <DocumentHeader title={title} path={path} actions={<DocumentActions document={document} extension={extension.actions} onCopy={() => void copy()} />} />
        {loading && <FormSkeleton fields={formFields.length} />}
        {/* Mounted while settling (widgets may set their values then) but shown only after. */}
        {state.loaded && (
          <DocumentBody
            formId={formId}
            projectId={projectId}
            collectionId={collectionId}
            docId={docId}
            document={document}
            panels={extension.panels}
            hidden={loading}
            onSubmit={() => (creating ? void create() : void form.save(true))}
          />
        )}
        {!loading && (
          <BottomBar above={<ConflictList conflicts={state.conflicts} fields={formFields} onResolve={form.resolveConflict} />}>
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
                loading={document.creatingBusy || state.saving !== null}
                disabled={document.busy !== null}
              >
                {DOCUMENT_TEXTS.save}
              </ActionButton>
            )}
          </BottomBar>
        )}
        {jsonOpen && document.ref && (
          <JsonEditorOverlay docRef={document.ref} path={path} validate={document.validateJson} onClose={() => setJsonOpen(false)} />
        )}
      </Flex>
      {aiOpen && existing && (
        <DocumentAssistantPanel
          project={projectId}
          document={aiDocument}
          fields={formFields}
          assistant={assistant}
          values={formValues}
          onApply={document.change}
          onClose={() => setAiOpen(false)}
        />
      )}
    </Flex>
  );
}
