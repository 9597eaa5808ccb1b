import { memo, useCallback, useContext, useMemo, type ComponentType } from 'react';
import type { FieldDefinition } from '@console/shared';
import { useFieldRendering } from '../field-rendering';
import type { FieldRendererProps } from '../types';
import { fieldKey } from '../values/field-key';
import { FieldPathContext } from './field-path';

interface ObjectFieldProps {
  /** The engine's renderer (read once per object, not once per field). */
  FieldRenderer: ComponentType<FieldRendererProps>;
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
const ObjectField = memo(function ObjectField({ FieldRenderer, field, fieldName, value, onChange, disabled }: ObjectFieldProps) {
  const change = useCallback((next: unknown) => onChange(fieldName, next), [onChange, fieldName]);
  const parent = useContext(FieldPathContext);
  const path = useMemo(() => [...parent, fieldName], [parent, fieldName]);
  return (
    <FieldPathContext.Provider value={path}>
      <FieldRenderer field={field} value={value} disabled={disabled} onChange={change} />
    </FieldPathContext.Provider>
  );
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
  const { FieldRenderer } = useFieldRendering();
  return (
    <>
      {fields.map((field) => {
        const key = fieldKey(field);
        return (
          <ObjectField
            key={key}
            FieldRenderer={FieldRenderer}
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
