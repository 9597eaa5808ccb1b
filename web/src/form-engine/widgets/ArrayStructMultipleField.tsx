import { NativeSelect, Stack } from '@chakra-ui/react';
import { FieldShell } from '../parts/FieldShell';
import { isPlainObject } from '../values/field-key';
import { ItemList } from '../parts/ItemList';
import { JsonPreview } from '../parts/JsonPreview';
import { ObjectFields } from '../parts/ObjectFields';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';

/** A list whose items each pick a variant (stored in `type`) and are edited with its fields. */
export function ArrayStructMultipleField(props: FieldWidgetProps<FieldOfType<'array_struct_multiple'>>) {
  const { field, disabled } = props;
  const variantOf = (item: unknown) => (isPlainObject(item) ? field.variants.find((v) => v.value === item.type) : undefined);
  return (
    <ItemList
      widget={props}
      itemLabel={(index, item) => `${FORM_TEXTS.item} ${index + 1}${variantOf(item) ? `: ${variantOf(item)!.label}` : ''}`}
      addActions={field.variants.map((variant) => ({
        label: `${FORM_TEXTS.add} ${variant.label}`,
        create: () => ({ type: variant.value }),
      }))}
      renderItem={(item, _index, replace) => {
        if (!isPlainObject(item)) return <JsonPreview value={item} />;
        const variant = variantOf(item);
        const stored = typeof item.type === 'string' ? item.type : '';
        return (
          <Stack gap="3">
            <FieldShell field={{ name: 'type', title: FORM_TEXTS.variant, type: 'select', options: [] }} disabled={disabled}>
              <NativeSelect.Root>
                {/* Changing the variant keeps the other keys: the new variant may use the same names. */}
                <NativeSelect.Field value={stored} onChange={(e) => replace({ ...item, type: e.currentTarget.value })}>
                  {!variant && <option value={stored}>{stored ? `${stored} (${FORM_TEXTS.currentValue})` : FORM_TEXTS.choose}</option>}
                  {field.variants.map((v) => (
                    <option key={v.value} value={v.value}>
                      {v.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FieldShell>
            {variant ? (
              <ObjectFields fields={variant.fields} values={item} disabled={disabled} onChange={(key, next) => replace({ ...item, [key]: next })} />
            ) : (
              <JsonPreview value={item} />
            )}
          </Stack>
        );
      }}
    />
  );
}
