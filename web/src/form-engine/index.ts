export { DocumentForm, type DocumentFormProps } from './DocumentForm';
export { FieldRenderer } from './FieldRenderer';
export { fieldWidgets, widgetFor } from './registry';
export { fieldKey, isPlainObject } from './field-key';
export type { FieldWidget, FieldWidgetProps, FieldOfType } from './types';
