import type { FieldType } from '@console/shared';
import { ArrayField } from './ArrayField';
import { ArrayStructField } from './ArrayStructField';
import { ArrayStructMultipleField } from './ArrayStructMultipleField';
import { ArrayTextareaField } from './ArrayTextareaField';
import { AudioField } from './AudioField';
import { CheckboxField } from './CheckboxField';
import { CollectionDocFormField } from './CollectionDocFormField';
import { CollectionEditorField } from './CollectionEditorField';
import { ConditionField } from './ConditionField';
import { ComponentField } from './ComponentField';
import { DateField } from './DateField';
import { DatetimeField } from './DatetimeField';
import { DocEditorField } from './DocEditorField';
import { EditorField } from './EditorField';
import { FileField } from './FileField';
import { ImageField } from './ImageField';
import { NumberField } from './NumberField';
import { ReadOnlyField } from './ReadOnlyField';
import { SelectField } from './SelectField';
import { SelectNestedField } from './SelectNestedField';
import { StructField } from './StructField';
import { TextareaField } from './TextareaField';
import { TextField } from './TextField';
import { VideoField } from './VideoField';
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
  array_textarea: ArrayTextareaField,
  select_nested: SelectNestedField,
  array_field: ArrayField,
  array_struct: ArrayStructField,
  array_struct_multiple: ArrayStructMultipleField,
  collection_doc_form: CollectionDocFormField,
  'collection-editor': CollectionEditorField,
  'doc-editor': DocEditorField,
  editor: EditorField,
  component: ComponentField,
  file: FileField,
  image: ImageField,
  video: VideoField,
  audio: AudioField,
  condition: ConditionField,
  // Shown read-only until the layout builder plugs in: saving leaves it exactly as stored.
  'editor-layout': ReadOnlyField,
};

/** The widget of a field; an unknown kind (newer data than this build) falls back to read-only. */
export function widgetFor(type: FieldType): FieldWidget {
  return (Object.hasOwn(fieldWidgets, type) ? fieldWidgets[type] : ReadOnlyField) as FieldWidget;
}
