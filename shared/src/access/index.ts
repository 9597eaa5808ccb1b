export * from './claims.js';
export { CONFIG_DOCUMENT_ACCESS, isKnownConfigDocument, type ConfigDocumentId } from './config-documents.js';
