export * from './claims.js';
export { CONFIG_DOCUMENT_ACCESS } from './config-documents.js';
