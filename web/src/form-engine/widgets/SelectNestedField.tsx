import { DocumentSelect } from '../parts/DocumentSelect';
import { useFormDocument } from '../data/form-document';
import { withoutSubtree } from '../values/option-tree';
import { ReadOnlyField } from './ReadOnlyField';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';
import { useDocumentTree } from '../data/use-document-tree';

/**
 * A reference to a document of another collection of the current project (realtime, up to 1000
 * documents), offered as a tree by `parent`; stored as the document id, or null.
 */
export function SelectNestedField(props: FieldWidgetProps<FieldOfType<'select_nested'>>) {
  const { field, value, onChange, disabled } = props;
  const document = useFormDocument();
  const list = useDocumentTree({ projectId: document.projectId, collection: field.collection, filter: field.collectionFilter }, field.labelField);

  const selected = value === undefined || value === null ? '' : typeof value === 'string' ? value : null;
  if (selected === null) return <ReadOnlyField {...props} />;

  let options = list.options;
  // In its own collection a document is neither its own parent nor under one of its descendants.
  if (field.collection === document.collectionId && document.docId) options = withoutSubtree(options, document.docId);
  const missing = selected !== '' && !options.some((o) => o.id === selected);

  return (
    <DocumentSelect
      field={field}
      disabled={disabled}
      error={list.status === 'error' ? FORM_TEXTS.loadFailed : null}
      value={selected}
      emptyLabel={field.placeholder ?? FORM_TEXTS.none}
      extraOptions={missing && <option value={selected}>{list.status === 'loading' ? selected : `${selected} (${FORM_TEXTS.notFound})`}</option>}
      options={options}
      onSelect={onChange}
    />
  );
}
