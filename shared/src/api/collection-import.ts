import { z } from 'zod';
import { defineEndpoint } from './contract.js';
import { optionalDocumentIdSchema } from './document-id.js';

/**
 * POST /api/console/collections/import?project — one batch of a CSV import (document 2 §5). The
 * browser reads the file, previews it and sends the ready records in file order; the server
 * checks the caller's access to the project, validates every record merged into the stored
 * document with the collection's zod schema, sets createdAt/updatedAt as a save from the form
 * does, and writes the valid records of the batch in one transaction (all or none of them). A
 * record the schema refuses is answered as an error with its reason and never stored.
 *
 * Timestamps travel as `{ timestamp: ISO }` (the JSON editor's form); the server stores them as
 * Firestore timestamps.
 */
export const IMPORT_RECORDS_PATH = '/api/console/collections/import';

/** Firestore's limit of writes per transaction. */
export const IMPORT_RECORDS_MAX = 500;

export const importRecordSchema = z.object({
  /** The file line (index + 2), echoed in the answer. */
  line: z.number().int().min(2),
  /** The document id; empty for collections whose ids are generated. */
  id: optionalDocumentIdSchema,
  /** Only the non-empty cells, nested by path: what is merged into the stored document. */
  data: z.record(z.string(), z.unknown()),
  /**
   * The stored document the preview saw, as the hash of each top-level field (`fieldHashes`), null
   * when it saw none: the server writes the line only if the document is still so, else it answers
   * the fields that moved in between (issue 29 point 5). Sent with the first line of each id.
   */
  seen: z.record(z.string(), z.string().max(16)).nullable().optional(),
});
export type ImportRecord = z.infer<typeof importRecordSchema>;

export const importRecordsRequestSchema = z.object({
  collection: z.string().min(1).max(200),
  /** Product imports: the brand typed in the dialog, set on every record (required there). */
  brand: z.string().max(200).optional(),
  records: z.array(importRecordSchema).min(1).max(IMPORT_RECORDS_MAX),
  /**
   * The browser's preview found none of these records stored (and no earlier batch wrote them):
   * the server may create them without reading them first. A hint, never trusted: a create that
   * finds a document stored fails, and the batch is then written the careful way.
   */
  allNew: z.boolean().optional(),
});
export type ImportRecordsRequest = z.infer<typeof importRecordsRequestSchema>;

/** A price of the row outside the store's guardrails: held (price-hold/{holdId}), not written; the rest of the row is. */
export const heldImportPriceSchema = z.object({ field: z.string(), holdId: z.string(), message: z.string() });

export const importRecordResultSchema = z.discriminatedUnion('status', [
  z.object({ line: z.number(), id: z.string(), status: z.enum(['created', 'updated']), held: z.array(heldImportPriceSchema).optional() }),
  z.object({ line: z.number(), id: z.string(), status: z.literal('error'), message: z.string() }),
]);
export type ImportRecordResult = z.infer<typeof importRecordResultSchema>;

/** One result per record sent, in the same order. */
export const importRecordsResponseSchema = z.object({ results: z.array(importRecordResultSchema) });
export type ImportRecordsResponse = z.infer<typeof importRecordsResponseSchema>;

export const consoleCollectionsImportEndpoint = defineEndpoint({
  method: 'POST',
  path: IMPORT_RECORDS_PATH,
  access: 'project',
  body: importRecordsRequestSchema,
  answer: importRecordsResponseSchema,
});
