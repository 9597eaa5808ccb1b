import { Link, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { findCollectionDefinition } from '../../app/definitions';
import { documentPath } from '../../app/paths';
import { entryLabel } from '@console/shared';
import { FieldGroup } from '../parts/FieldGroup';
import { useFormData } from '../data/form-document';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';
import { WidgetButton, WidgetNote } from '../parts/WidgetParts';

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/**
 * The entries of another collection that belong to this document (`filterField` == its id), e.g.
 * a post's tags, each a link to its own screen, and a button that creates one already tied to it.
 * Stores nothing in this document.
 */
export function CollectionEditorField({ field, disabled }: FieldWidgetProps<FieldOfType<'collection-editor'>>) {
  const { document, useCollectionDocs, addDocument } = useFormData();
  const { projectId, docId } = document;
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [failed, setFailed] = useState(false);
  const definition = findCollectionDefinition(projectId, field.collection);
  const list = useCollectionDocs({
    projectId,
    collection: field.collection,
    filter: docId ? { field: field.filterField, value: docId } : undefined,
    max: definition?.listLimit,
    enabled: docId !== null,
  });

  if (!docId) {
    return (
      <FieldGroup field={field} disabled={disabled}>
        <WidgetNote>{FORM_TEXTS.saveFirst}</WidgetNote>
      </FieldGroup>
    );
  }

  const entries =
    list.status === 'ready'
      ? list.docs.map((d) => ({ id: d.id, label: definition ? entryLabel(definition, d.id, d.data) : d.id })).sort((a, b) => collator.compare(a.label, b.label))
      : [];

  async function create() {
    setCreating(true);
    setFailed(false);
    try {
      const createdId = await addDocument(field.collection, { [field.filterField]: docId });
      navigate(documentPath(field.collection, createdId));
    } catch (error) {
      console.error(error);
      setFailed(true);
    } finally {
      setCreating(false);
    }
  }

  return (
    <FieldGroup field={field} disabled={disabled}>
      {list.status === 'loading' && <WidgetNote>{FORM_TEXTS.loading}</WidgetNote>}
      {list.status === 'error' && <WidgetNote tone="error">{FORM_TEXTS.loadFailed}</WidgetNote>}
      {list.status === 'ready' && entries.length === 0 && <WidgetNote>{FORM_TEXTS.noItems}</WidgetNote>}
      {entries.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Link asChild fontSize="sm" colorPalette="blue">
                <RouterLink to={documentPath(field.collection, entry.id)}>{entry.label}</RouterLink>
              </Link>
            </li>
          ))}
        </Stack>
      )}
      {failed && <WidgetNote tone="error">{FORM_TEXTS.saveFailed}</WidgetNote>}
      <WidgetButton alignSelf="start" loading={creating} disabled={disabled} onClick={() => void create()}>
        {FORM_TEXTS.add}
      </WidgetButton>
    </FieldGroup>
  );
}
