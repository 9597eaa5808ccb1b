import type { FieldType } from '@console/shared';
import { CheckboxField } from './CheckboxField';
import { DateField } from './DateField';
import { DatetimeField } from './DatetimeField';
import { NumberField } from './NumberField';
import { ReadOnlyField } from './ReadOnlyField';
import { SelectField } from './SelectField';
import { StructField } from './StructField';
import { TextareaField } from './TextareaField';
import { TextField } from './TextField';
import type { FieldOfType, FieldWidget } from './types';

/**
 * One widget per field kind. Kinds without an editor yet show their stored value read-only;
 * replacing an entry here is how a later editor (uploader, layout builder...) plugs in.
 */
export const fieldWidgets: { [K in FieldType]: FieldWidget<FieldOfType<K>> } = {
  text: TextField,
  textarea: TextareaField,
  number: NumberField,
  checkbox: CheckboxField,
  select: SelectField,
  date: DateField,
  datetime: DatetimeField,
  struct: StructField,
  array_textarea: ReadOnlyField,
  select_nested: ReadOnlyField,
  array_field: ReadOnlyField,
  array_struct: ReadOnlyField,
  array_struct_multiple: ReadOnlyField,
  collection_doc_form: ReadOnlyField,
  'collection-editor': ReadOnlyField,
  'doc-editor': ReadOnlyField,
  editor: ReadOnlyField,
  'editor-layout': ReadOnlyField,
  component: ReadOnlyField,
  file: ReadOnlyField,
  image: ReadOnlyField,
  video: ReadOnlyField,
  audio: ReadOnlyField,
  condition: ReadOnlyField,
};

/** The widget of a field; an unknown kind (newer data than this build) falls back to read-only. */
export function widgetFor(type: FieldType): FieldWidget {
  return (fieldWidgets[type] as FieldWidget | undefined) ?? ReadOnlyField;
}
