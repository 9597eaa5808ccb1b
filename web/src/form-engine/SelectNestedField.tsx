import { NativeSelect } from '@chakra-ui/react';
import { FieldShell } from './FieldShell';
import { useFormDocument } from './form-document';
import { buildOptionTree, indentedLabel, toTreeEntry, withoutSubtree } from './option-tree';
import { ReadOnlyField } from './ReadOnlyField';
import { FORM_TEXTS } from './texts';
import type { FieldOfType, FieldWidgetProps } from './types';
import { useCollectionDocs } from './use-collection-docs';

/**
 * A reference to a document of another collection of the current project (realtime, up to 1000
 * documents), offered as a tree by `parent`; stored as the document id, or null.
 */
export function SelectNestedField(props: FieldWidgetProps<FieldOfType<'select_nested'>>) {
  const { field, value, onChange, disabled } = props;
  const document = useFormDocument();
  const list = useCollectionDocs({ projectId: document.projectId, collection: field.collection, filter: field.collectionFilter });

  const selected = value === undefined || value === null ? '' : typeof value === 'string' ? value : null;
  if (selected === null) return <ReadOnlyField {...props} />;

  let options = list.status === 'ready' ? buildOptionTree(list.docs.map((d) => toTreeEntry(d.id, d.data, field.labelField))) : [];
  // In its own collection a document is neither its own parent nor under one of its descendants.
  if (field.collection === document.collectionId && document.docId) options = withoutSubtree(options, document.docId);
  const missing = selected !== '' && !options.some((o) => o.id === selected);

  return (
    <FieldShell field={field} disabled={disabled} error={list.status === 'error' ? FORM_TEXTS.loadFailed : null}>
      <NativeSelect.Root>
        <NativeSelect.Field value={selected} onChange={(e) => onChange(e.currentTarget.value === '' ? null : e.currentTarget.value)}>
          <option value="">{field.placeholder ?? FORM_TEXTS.none}</option>
          {missing && (
            <option value={selected}>
              {list.status === 'loading' ? selected : `${selected} (${FORM_TEXTS.notFound})`}
            </option>
          )}
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {indentedLabel(o)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  );
}
