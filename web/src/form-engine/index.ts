export { DocumentForm, type DocumentFormProps } from './DocumentForm';
export { FieldRenderer } from './FieldRenderer';
export { fieldWidgets, widgetFor } from './registry';
export { fieldComponents } from './field-components';
export { fieldKey, isPlainObject } from './values/field-key';
export { CONTENT_BLOCKS_FIELD, ContentBlocksField, withContentBlocks } from './widgets/ContentBlocksField';
export { FormDataProvider, useFormData, useFormDocument, type FormData, type FormDocument } from './data/form-document';
export { ConflictList } from './parts/ConflictList';
export type { FieldWidget, FieldWidgetProps, FieldOfType } from './types';
