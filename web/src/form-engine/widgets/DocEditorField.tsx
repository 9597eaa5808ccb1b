import { HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { onSnapshot, serverTimestamp, setDoc } from 'firebase/firestore';
import { CONFIG_COLLECTION } from '@console/shared';
import { findCollectionDefinition, findSettingsDefinition } from '../../app/definitions';
import { projectDocument } from '../../lib/firestore-paths';
import { DocumentForm } from '../DocumentForm';
import { FieldGroup } from '../parts/FieldGroup';
import { useFormDocument } from '../data/form-document';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';
import { WidgetButton, WidgetNote } from '../parts/WidgetParts';

type Remote = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: Record<string, unknown> | null };

/**
 * The form of one other document (`collection`/`docId`, the same id as this document when no id
 * is given), read in realtime and merge-saved with its own button. Stores nothing in this document.
 */
export function DocEditorField({ field, disabled }: FieldWidgetProps<FieldOfType<'doc-editor'>>) {
  const { projectId, docId: currentId } = useFormDocument();
  const docId = field.docId ?? currentId;
  const [remote, setRemote] = useState<Remote>({ status: 'loading' });
  const [edits, setEdits] = useState<Record<string, unknown>>({});
  const [saving, setSaving] = useState<'idle' | 'saving' | 'failed'>('idle');

  useEffect(() => {
    if (!projectId || !docId) return undefined;
    setRemote({ status: 'loading' });
    setEdits({});
    return onSnapshot(
      projectDocument(projectId, field.collection, docId),
      (snapshot) => setRemote({ status: 'ready', data: snapshot.exists() ? snapshot.data() : null }),
      (error) => {
        console.error(error);
        setRemote({ status: 'error' });
      },
    );
  }, [projectId, field.collection, docId]);

  const definition = !docId
    ? null
    : field.collection === CONFIG_COLLECTION
      ? findSettingsDefinition(projectId, docId)
      : findCollectionDefinition(projectId, field.collection);

  if (!docId) {
    return (
      <FieldGroup field={field} disabled={disabled}>
        <WidgetNote>{FORM_TEXTS.noDocument}</WidgetNote>
      </FieldGroup>
    );
  }

  const pending = Object.keys(edits).length > 0;

  async function save() {
    if (!pending || !docId) return;
    const written = edits;
    setSaving('saving');
    try {
      const data: Record<string, unknown> = Object.fromEntries(Object.entries(written).filter(([, v]) => v !== undefined));
      if (remote.status === 'ready' && remote.data === null) data.createdAt = serverTimestamp();
      data.updatedAt = serverTimestamp();
      // Merge-save: the edited fields are replaced whole (a key removed from a map goes away),
      // every other field of the document is left as stored.
      await setDoc(projectDocument(projectId, field.collection, docId), data, { mergeFields: Object.keys(data) });
      // Keys edited again while the write was under way stay pending.
      setEdits((current) => Object.fromEntries(Object.entries(current).filter(([k, v]) => written[k] !== v)));
      setSaving('idle');
    } catch (error) {
      console.error(error);
      setSaving('failed');
    }
  }

  const status =
    saving === 'saving' ? FORM_TEXTS.saving : saving === 'failed' ? FORM_TEXTS.saveFailed : pending ? FORM_TEXTS.pending : FORM_TEXTS.saved;

  return (
    <FieldGroup field={field} disabled={disabled}>
      {remote.status === 'loading' && <WidgetNote>{FORM_TEXTS.loading}</WidgetNote>}
      {remote.status === 'error' && (
        <WidgetNote tone="error">{FORM_TEXTS.loadFailed}</WidgetNote>
      )}
      {remote.status === 'ready' && (
        <Stack gap="4">
          {remote.data === null && (
            <WidgetNote>{FORM_TEXTS.documentMissing}</WidgetNote>
          )}
          <DocumentForm
            fields={definition?.fields ?? []}
            values={{ ...remote.data, ...edits }}
            disabled={disabled}
            document={{ projectId, collectionId: field.collection, docId }}
            onChange={(key, next) => {
              setSaving('idle');
              setEdits((current) => ({ ...current, [key]: next }));
            }}
          />
          <HStack gap="3">
            <WidgetButton
              disabled={disabled || !pending}
              loading={saving === 'saving'}
              onClick={() => void save()}
            >
              {`${FORM_TEXTS.saveEmbedded} ${field.title}`}
            </WidgetButton>
            <Text fontSize="sm" color="fg.muted" role="status">
              {status}
            </Text>
          </HStack>
        </Stack>
      )}
    </FieldGroup>
  );
}
