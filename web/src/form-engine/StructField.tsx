import { chakra, Stack, Text } from '@chakra-ui/react';
import { FieldRenderer } from './FieldRenderer';
import { fieldKey, isPlainObject } from './field-key';
import type { FieldOfType, FieldWidgetProps } from './types';

/** A nested object: its fields, each with its own widget; keys it does not list are kept. */
export function StructField({ field, value, onChange, disabled }: FieldWidgetProps<FieldOfType<'struct'>>) {
  const object = isPlainObject(value) ? value : {};
  return (
    <chakra.fieldset borderWidth="1px" rounded="md" px="4" pt="1" pb="4" minW="0">
      <chakra.legend px="1" fontSize="sm" fontWeight="semibold">
        {field.title}
      </chakra.legend>
      {field.description && (
        <Text fontSize="xs" color="fg.muted" mb="2">
          {field.description}
        </Text>
      )}
      <Stack gap="4">
        {field.fields.map((inner) => {
          const key = fieldKey(inner);
          return (
            <FieldRenderer
              key={key}
              field={inner}
              value={object[key]}
              disabled={disabled}
              onChange={(next) => onChange({ ...object, [key]: next })}
            />
          );
        })}
      </Stack>
    </chakra.fieldset>
  );
}
