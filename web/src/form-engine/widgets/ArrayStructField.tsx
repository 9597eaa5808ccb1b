import { Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { isFileListItem, itemFieldNames } from '../../files/list-item-file';
import { isPlainObject } from '../values/field-key';
import { ItemFileUpload } from '../parts/ItemFileUpload';
import { ItemList } from '../parts/ItemList';
import { JsonPreview } from '../parts/JsonPreview';
import { ObjectFields } from '../parts/ObjectFields';
import { FieldPathContext, useFieldPath } from '../parts/field-path';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';

/** A list of objects, each a card with the struct's fields; added, removed and reordered. */
export function ArrayStructField(props: FieldWidgetProps<FieldOfType<'array_struct'>>) {
  const { field, disabled } = props;
  // Items with FileCDNURL are files of a list (document 1 §5): each gets an upload action.
  const names = useMemo(() => itemFieldNames(field.fields), [field.fields]);
  const files = isFileListItem(names);
  const path = useFieldPath();
  return (
    <ItemList
      widget={props}
      addActions={[{ label: FORM_TEXTS.add, create: () => ({}) }]}
      renderItem={(item, index, replace) =>
        isPlainObject(item) ? (
          <Stack gap="3">
            {files && <ItemFileUpload item={item} fieldNames={names} disabled={disabled} onItemChange={replace} />}
            <FieldPathContext.Provider value={[...path, index]}>
              <ObjectFields fields={field.fields} values={item} disabled={disabled} onChange={(key, next) => replace({ ...item, [key]: next })} />
            </FieldPathContext.Provider>
          </Stack>
        ) : (
          <JsonPreview value={item} />
        )
      }
    />
  );
}
