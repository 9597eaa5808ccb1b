import type { FieldDefinition } from '@console/shared';
import { FieldRenderer } from './FieldRenderer';
import { fieldKey } from './field-key';

/** One widget per field of an object (a document, a struct, a list item); other keys are untouched. */
export function ObjectFields({
  fields,
  values,
  onChange,
  disabled,
  isFieldDisabled,
}: {
  fields: readonly FieldDefinition[];
  values: Record<string, unknown>;
  /** Called with the field's key and its new value. */
  onChange(key: string, value: unknown): void;
  disabled?: boolean;
  isFieldDisabled?(field: FieldDefinition): boolean;
}) {
  return (
    <>
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
    </>
  );
}
