export { DocumentForm, type DocumentFormProps } from './DocumentForm';
export { FieldRenderer } from './FieldRenderer';
export { fieldWidgets, widgetFor } from './registry';
export { fieldComponents } from './field-components';
export { fieldKey, isPlainObject } from './field-key';
export { CONTENT_BLOCKS_FIELD, ContentBlocksField, withContentBlocks } from './ContentBlocksField';
export { FormDocumentProvider, type FormDocument } from './form-document';
export { ConflictList } from './ConflictList';
export type { FieldWidget, FieldWidgetProps, FieldOfType } from './types';
