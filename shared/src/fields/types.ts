/**
 * Field definitions: one union discriminated by `type` (document 1 §3 'Field definition types').
 * Every collection and settings screen is described by a list of these; the form engine maps
 * each `type` to exactly one widget, and `fieldsSchema()` derives the zod schema from the same list.
 */

export interface FieldBase {
  /** Key in the document (dot-free; nesting is expressed with struct fields). */
  name: string;
  /** Label shown to the operator, in Portuguese. */
  title: string;
  placeholder?: string;
  /** Alternative key the value is read from / written to in the stored document (e.g. MPN -> ProductCode). */
  mapTo?: string;
  required?: boolean;
  /** Shown but never edited (e.g. cdlbox `isActiveAbout`). */
  readOnly?: boolean;
  /** Short hint under the input (image size hints, "1 a 5", ...). */
  description?: string;
}

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * `secret`: a credential (key, token, password): shown masked, with a reveal button for admins,
 * and with its last change beside it.
 */
export type TextField = FieldBase & { type: 'text'; secret?: boolean };
export type TextareaField = FieldBase & { type: 'textarea'; rows?: number };
/** Stored as number | null; the input accepts digits, one leading minus and one decimal point. */
export type NumberField = FieldBase & { type: 'number'; min?: number; max?: number };
export type CheckboxField = FieldBase & { type: 'checkbox' };
/** Stored as a Firestore Timestamp; edited as YYYY-MM-DD. */
export type DateField = FieldBase & { type: 'date' };
/** Stored as a Firestore Timestamp; edited as YYYY-MM-DDTHH:mm. */
export type DatetimeField = FieldBase & { type: 'datetime' };
/** string[]: one item per line, trimmed, blanks dropped. */
export type ArrayTextareaField = FieldBase & { type: 'array_textarea' };
export type SelectField = FieldBase & { type: 'select'; options: SelectOption[] };
/** Reference to a document of another collection of the same project, shown as a tree by `parent`. */
export type SelectNestedField = FieldBase & {
  type: 'select_nested';
  collection: string;
  /** Optional equality filter applied to the referenced collection. */
  collectionFilter?: { field: string; value: string | number | boolean };
  /** Field of the referenced document used as its label (default: title, then name, then id). */
  labelField?: string;
};
export type StructField = FieldBase & { type: 'struct'; fields: FieldDefinition[] };
/** A list of scalar values, each edited with the inner field's widget. */
export type ArrayField = FieldBase & { type: 'array_field'; of: FieldDefinition };
export type ArrayStructField = FieldBase & { type: 'array_struct'; fields: FieldDefinition[] };
/** A list whose items each choose one of several shapes; the chosen variant is stored in `type`. */
export type ArrayStructMultipleField = FieldBase & {
  type: 'array_struct_multiple';
  variants: { value: string; label: string; fields: FieldDefinition[] }[];
};
/** A map keyed by document ids of another collection, each value edited with `fields`. */
export type CollectionDocFormField = FieldBase & {
  type: 'collection_doc_form';
  collection: string;
  fields: FieldDefinition[];
};
/** Embeds the editor of another collection (filtered by this document's id). */
export type CollectionEditorField = FieldBase & {
  type: 'collection-editor';
  collection: string;
  filterField: string;
};
/** Embeds the form of one other document (path relative to the project). */
export type DocEditorField = FieldBase & { type: 'doc-editor'; collection: string; docId?: string };
/** Rich text, sanitised to b, i, em, strong, a (href only), p, br, ol, ul, li. */
export type EditorField = FieldBase & { type: 'editor' };
/** A page layout (document 1 §3 'Layout node types'); path and isPublic say where its file nodes upload. */
export type EditorLayoutField = FieldBase & { type: 'editor-layout'; path?: string; isPublic?: boolean };
/** A custom component named by `component` (registered by the web app). */
export type ComponentField = FieldBase & { type: 'component'; component: string };
export type FileField = FieldBase & { type: 'file'; path?: string; isPublic?: boolean };
export type ImageField = FieldBase & { type: 'image'; path?: string; isPublic?: boolean };
export type VideoField = FieldBase & { type: 'video'; path?: string; isPublic?: boolean };
export type AudioField = FieldBase & { type: 'audio'; path?: string; isPublic?: boolean };
/** Condition object: { map (tree), sql (string) }. */
export type ConditionField = FieldBase & { type: 'condition'; attributes?: string };

export type FieldDefinition =
  | TextField
  | TextareaField
  | NumberField
  | CheckboxField
  | DateField
  | DatetimeField
  | ArrayTextareaField
  | SelectField
  | SelectNestedField
  | StructField
  | ArrayField
  | ArrayStructField
  | ArrayStructMultipleField
  | CollectionDocFormField
  | CollectionEditorField
  | DocEditorField
  | EditorField
  | EditorLayoutField
  | ComponentField
  | FileField
  | ImageField
  | VideoField
  | AudioField
  | ConditionField;

export type FieldType = FieldDefinition['type'];
