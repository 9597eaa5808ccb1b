export { DocumentForm } from './DocumentForm';
export { type FormDocument } from './data/form-document';
export { LayoutEditorProvider } from './data/layout-editor-slot';
export { ConflictList } from './parts/ConflictList';
