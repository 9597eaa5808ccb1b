import { Stack } from '@chakra-ui/react';
import type { FieldDefinition } from '@console/shared';
import { FieldRenderer } from './FieldRenderer';
import { fieldKey } from './field-key';

export interface DocumentFormProps {
  fields: readonly FieldDefinition[];
  /** The whole document; keys without a field are never touched. */
  values: Record<string, unknown>;
  /** Called with the top-level key and its new value. */
  onChange(key: string, value: unknown): void;
  disabled?: boolean;
  /** Per-field lock (the id input outside creation). */
  isFieldDisabled?(field: FieldDefinition): boolean;
}

export function DocumentForm({ fields, values, onChange, disabled, isFieldDisabled }: DocumentFormProps) {
  return (
    <Stack gap="5">
      {fields.map((field) => {
        const key = fieldKey(field);
        return (
          <FieldRenderer
            key={key}
            field={field}
            value={values[key]}
            disabled={disabled || isFieldDisabled?.(field)}
            onChange={(next) => onChange(key, next)}
          />
        );
      })}
    </Stack>
  );
}
