import type { FieldType } from '@console/shared';
import { ArrayField } from './widgets/ArrayField';
import { ArrayStructField } from './widgets/ArrayStructField';
import { ArrayStructMultipleField } from './widgets/ArrayStructMultipleField';
import { ArrayTextareaField } from './widgets/ArrayTextareaField';
import { AudioField } from './widgets/AudioField';
import { CheckboxField } from './widgets/CheckboxField';
import { CollectionDocFormField } from './widgets/CollectionDocFormField';
import { CollectionEditorField } from './widgets/CollectionEditorField';
import { ConditionField } from './widgets/ConditionField';
import { ComponentField } from './widgets/ComponentField';
import { DateField } from './widgets/DateField';
import { DatetimeField } from './widgets/DatetimeField';
import { DocEditorField } from './widgets/DocEditorField';
import { EditorField } from './widgets/EditorField';
import { FileField } from './widgets/FileField';
import { ImageField } from './widgets/ImageField';
import { NumberField } from './widgets/NumberField';
import { ReadOnlyField } from './widgets/ReadOnlyField';
import { SelectField } from './widgets/SelectField';
import { SelectNestedField } from './widgets/SelectNestedField';
import { StructField } from './widgets/StructField';
import { TextareaField } from './widgets/TextareaField';
import { TextField } from './widgets/TextField';
import { VideoField } from './widgets/VideoField';
import { LayoutEditorField } from './widgets/LayoutEditorField';
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
  'editor-layout': LayoutEditorField,
};

/** The widget of a field; an unknown kind (newer data than this build) falls back to read-only. */
export function widgetFor(type: FieldType): FieldWidget {
  return (Object.hasOwn(fieldWidgets, type) ? fieldWidgets[type] : ReadOnlyField) as FieldWidget;
}
