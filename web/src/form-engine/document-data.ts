// What an editor opened from the form reads of the form's data: the document, embedded documents,
// a collection's documents, and the layout editor's slot props.
export type { EmbeddedDocument, EmbeddedDocumentQuery, FormData, FormDocument } from './data/form-document';
export { useCollectionDocs } from './data/use-collection-docs';
export type { LayoutEditorProps } from './data/layout-editor-slot';
