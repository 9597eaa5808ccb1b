import { FieldGroup } from '../parts/FieldGroup';
import { ObjectFields } from '../parts/ObjectFields';
import { isPlainObject } from '../values/field-key';
import { ReadOnlyField } from './ReadOnlyField';
import type { FieldOfType, FieldWidgetProps } from '../types';

/** A nested object: its fields, each with its own widget; keys it does not list are kept. */
export function StructField(props: FieldWidgetProps<FieldOfType<'struct'>>) {
  const { field, value, onChange, disabled } = props;
  if (value !== undefined && value !== null && !isPlainObject(value)) return <ReadOnlyField {...props} />;
  const object = value ?? {};
  return (
    <FieldGroup field={field} disabled={disabled}>
      <ObjectFields fields={field.fields} values={object} disabled={disabled} onChange={(key, next) => onChange({ ...object, [key]: next })} />
    </FieldGroup>
  );
}
