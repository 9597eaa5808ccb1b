import { consoleCollectionsImportEndpoint, type ImportRecordsResponse } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { writeImportRecords } from './write-records.js';
import { callerAuthor } from '../products/price-holds.js';

/**
 * POST /api/console/collections/import?project {collection, brand?, records} — one batch of the
 * CSV import dialog, validated and written on the server (shared/src/api/collection-import.ts):
 * one result per record, in order; the valid records in one transaction.
 */
export const handleConsoleCollectionsImport: Handler<typeof consoleCollectionsImportEndpoint> = async ({
  body,
  project,
  caller,
}): Promise<ImportRecordsResponse> => {
  return { results: await writeImportRecords(project, body, { firestore, author: callerAuthor(caller) }) };
};

export const consoleCollectionsImport = serve(consoleCollectionsImportEndpoint, handleConsoleCollectionsImport);
