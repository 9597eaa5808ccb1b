import { memo, useCallback } from 'react';
import type { FieldDefinition } from '@console/shared';
import { useFieldRendering } from '../field-rendering';
import { fieldKey } from '../values/field-key';

interface ObjectFieldProps {
  field: FieldDefinition;
  fieldName: string;
  value: unknown;
  onChange(key: string, value: unknown): void;
  disabled?: boolean;
}

/**
 * One field of the object, memoised: a keystroke in one field re-renders that field only (with
 * 200 fields, re-rendering all of them cost several frames per keystroke — bench/document-form).
 */
const ObjectField = memo(function ObjectField({ field, fieldName, value, onChange, disabled }: ObjectFieldProps) {
  const { FieldRenderer } = useFieldRendering();
  const change = useCallback((next: unknown) => onChange(fieldName, next), [onChange, fieldName]);
  return <FieldRenderer field={field} value={value} disabled={disabled} onChange={change} />;
});

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
  /** Called with the field's key and its new value; keep it stable (useCallback) so fields memoise. */
  onChange(key: string, value: unknown): void;
  disabled?: boolean;
  isFieldDisabled?(field: FieldDefinition): boolean;
}) {
  return (
    <>
      {fields.map((field) => {
        const key = fieldKey(field);
        return (
          <ObjectField
            key={key}
            field={field}
            fieldName={key}
            value={values[key]}
            disabled={disabled || isFieldDisabled?.(field)}
            onChange={onChange}
          />
        );
      })}
    </>
  );
}
