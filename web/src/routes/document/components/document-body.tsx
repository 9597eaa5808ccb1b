import { Alert, Box, chakra, Text } from '@chakra-ui/react';
import { lazy, useMemo, type FormEvent, type ReactNode } from 'react';
import { DOCUMENT_TEXTS } from '../../../documents/constants';
import type { DocumentModel } from '../../../documents/use-document';
import { useDocumentFormData } from '../../../documents/form-data';
import { DocumentForm, LayoutEditorProvider, type FormDocument } from '../../../form-engine';
import { ReplicationPanel } from './replication-panel';

// The layout editor (and its drag-and-drop library) loads when a layout is first opened.
const LayoutEditorDrawer = lazy(() => import('../../../layout-editor/LayoutEditorDrawer'));

interface DocumentBodyProps {
  formId: string;
  projectId: string;
  collectionId: string;
  docId: string;
  document: DocumentModel;
  /** The collection's panels (web/src/collection-extensions). */
  panels: ReactNode;
  onSubmit(): void;
  hidden: boolean;
}

/** Above the form: replication, the settings note, the message, the collection's panels; then the form. */
export function DocumentBody({ formId, projectId, collectionId, docId, document, panels, onSubmit, hidden }: DocumentBodyProps) {
  const { creating, existing, isCollection, snapshot, form, idField } = document;
  const formDocument = useMemo<FormDocument>(() => ({ projectId, collectionId, docId: creating ? null : docId }), [projectId, collectionId, creating, docId]);
  const formData = useDocumentFormData(formDocument);
  const settingsMissing = !isCollection && snapshot.status === 'missing';
  const shownMessage = document.message ?? (form.state.status === 'failed' ? form.state.error : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <Box px="6" py="5" maxW="3xl" flex="1" hidden={hidden}>
      {document.replicable && existing && (
        <ReplicationPanel targets={document.replicaTargets} blocked={document.dirty} onPreview={document.previewReplicas} onReplicate={document.replicate} />
      )}
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
      {panels}
      <chakra.form id={formId} noValidate onSubmit={submit}>
        <LayoutEditorProvider value={LayoutEditorDrawer}>
          <DocumentForm
            fields={document.formFields}
            values={document.formValues}
            onChange={document.change}
            isFieldDisabled={(field) => field === idField && !creating}
            data={formData}
          />
        </LayoutEditorProvider>
      </chakra.form>
    </Box>
  );
}
