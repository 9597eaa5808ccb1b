import { HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { CONFIG_COLLECTION } from '@console/shared';
import { findCollectionDefinition, findSettingsDefinition } from '../../app/definitions';
import { FormDataProvider, useFormData, type FormData } from '../data/form-document';
import { ConflictList } from '../parts/ConflictList';
import { FieldGroup } from '../parts/FieldGroup';
import { FormFields } from '../parts/FormFields';
import { WidgetButton, WidgetNote } from '../parts/WidgetParts';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';

type DocEditorProps = FieldWidgetProps<FieldOfType<'doc-editor'>>;

const SAVE_STATUS_TEXT = {
  saved: FORM_TEXTS.saved,
  pending: FORM_TEXTS.pending,
  saving: FORM_TEXTS.saving,
  failed: FORM_TEXTS.saveFailed,
} as const;

/**
 * The form of one other document (`collection`/`docId`, the same id as this document when no id
 * is given), read in realtime and merge-saved with its own button, under the main form's rules
 * (schema check of the edited fields, realtime merge, conflicts). Stores nothing in this document.
 */
export function DocEditorField(props: DocEditorProps) {
  const { projectId, docId: currentId } = useFormData().document;
  const docId = props.field.docId ?? currentId;
  if (!projectId || !docId) {
    return (
      <FieldGroup field={props.field} disabled={props.disabled}>
        <WidgetNote>{FORM_TEXTS.noDocument}</WidgetNote>
      </FieldGroup>
    );
  }
  // Another document starts a new form (its own snapshot, edits and status).
  return <EmbeddedDocumentForm key={`${props.field.collection}/${docId}`} {...props} projectId={projectId} docId={docId} />;
}

function EmbeddedDocumentForm({ field, disabled, projectId, docId }: DocEditorProps & { projectId: string; docId: string }) {
  const data = useFormData();
  const definition = field.collection === CONFIG_COLLECTION ? findSettingsDefinition(projectId, docId) : findCollectionDefinition(projectId, field.collection);
  const fields = definition?.fields ?? [];
  const embedded = data.useEmbeddedDocument({ projectId, collectionId: field.collection, docId, definition });
  // Widgets inside read and write around the embedded document, not the main one.
  const innerData = useMemo<FormData>(
    () => ({ ...data, document: { projectId, collectionId: field.collection, docId } }),
    [data, projectId, field.collection, docId],
  );

  return (
    <FieldGroup field={field} disabled={disabled}>
      {embedded.status === 'loading' && <WidgetNote>{FORM_TEXTS.loading}</WidgetNote>}
      {embedded.status === 'error' && <WidgetNote tone="error">{FORM_TEXTS.loadFailed}</WidgetNote>}
      {embedded.status === 'ready' && (
        <Stack gap="4">
          {embedded.missing && <WidgetNote>{FORM_TEXTS.documentMissing}</WidgetNote>}
          <FormDataProvider value={innerData}>
            <FormFields fields={fields} values={embedded.values} disabled={disabled} onChange={embedded.edit} />
          </FormDataProvider>
          <ConflictList conflicts={embedded.conflicts} fields={fields} onResolve={embedded.resolveConflict} />
          {embedded.saveStatus === 'failed' && embedded.error && <WidgetNote tone="error">{embedded.error}</WidgetNote>}
          <HStack gap="3">
            <WidgetButton disabled={disabled || !embedded.canSave} loading={embedded.saving} onClick={embedded.save}>
              {`${FORM_TEXTS.saveEmbedded} ${field.title}`}
            </WidgetButton>
            <Text fontSize="sm" color="fg.muted" role="status">
              {SAVE_STATUS_TEXT[embedded.saveStatus]}
            </Text>
          </HStack>
        </Stack>
      )}
    </FieldGroup>
  );
}
