import { Stack } from '@chakra-ui/react';
import { orderedKeys, unusedKeyOptions, withKey, withoutKey } from '../values/doc-keys';
import { DocumentSelect } from '../parts/DocumentSelect';
import { FieldGroup } from '../parts/FieldGroup';
import { isPlainObject } from '../values/field-key';
import { useFormDocument } from '../data/form-document';
import { JsonPreview } from '../parts/JsonPreview';
import { ListItemCard } from '../parts/ListItemCard';
import { ObjectFields } from '../parts/ObjectFields';
import { ReadOnlyField } from './ReadOnlyField';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';
import { WidgetNote } from '../parts/WidgetParts';
import { useDocumentTree } from '../data/use-document-tree';

/**
 * A map keyed by document ids of another collection (a product's Stock by stock id), each value
 * edited with `fields`. The picker of a new key offers only the documents not used yet.
 */
export function CollectionDocFormField(props: FieldWidgetProps<FieldOfType<'collection_doc_form'>>) {
  const { field, value, onChange, disabled } = props;
  const { projectId } = useFormDocument();
  const list = useDocumentTree({ projectId, collection: field.collection });

  if (value !== undefined && value !== null && !isPlainObject(value)) return <ReadOnlyField {...props} />;
  const map = value ?? {};
  const { options } = list;
  const labels = new Map(options.map((o) => [o.id, o.label]));
  const choices = unusedKeyOptions(options, map);

  return (
    <FieldGroup field={field} disabled={disabled}>
      {Object.keys(map).length === 0 && <WidgetNote>{FORM_TEXTS.noItems}</WidgetNote>}
      {orderedKeys(
        map,
        options.map((o) => o.id),
      ).map((key) => {
        const entry = map[key];
        return (
          <ListItemCard
            key={key}
            label={labels.get(key) ?? key}
            detail={labels.has(key) ? key : list.status === 'ready' ? FORM_TEXTS.notFound : undefined}
            disabled={disabled}
            onRemove={() => onChange(withoutKey(map, key))}
          >
            {isPlainObject(entry) || entry === null || entry === undefined ? (
              <Stack gap="3">
                <ObjectFields
                  fields={field.fields}
                  values={entry ?? {}}
                  disabled={disabled}
                  onChange={(inner, next) => onChange(withKey(map, key, { ...entry, [inner]: next }))}
                />
              </Stack>
            ) : (
              <JsonPreview value={entry} />
            )}
          </ListItemCard>
        );
      })}
      <DocumentSelect
        field={{ name: `${field.name}-add`, title: FORM_TEXTS.addKey, type: 'select', options: [] }}
        disabled={disabled || choices.length === 0}
        error={list.status === 'error' ? FORM_TEXTS.loadFailed : null}
        value=""
        emptyLabel={list.status === 'loading' ? FORM_TEXTS.loading : FORM_TEXTS.choose}
        options={choices}
        onSelect={(key) => key && onChange(withKey(map, key, {}))}
      />
    </FieldGroup>
  );
}
