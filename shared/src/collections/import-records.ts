/**
 * The pure side of writing imported records (document 2 §5), shared by the browser's preview and
 * the import endpoint, so both judge a record the same way: what Firestore's set with merge leaves,
 * the first schema issue as one line, and the ids the spec refuses.
 */
import { isPlainObject } from '../values/plain-object.js';

/** Messages of a record refused, the spec's verbatim (document 2 §8) where it has one. */
export const IMPORT_RECORD_TEXTS = {
  invalidId: 'ID inválido (contém espaços, / ou $)',
  brandRequired: 'Preencha a marca do produto para continuar',
  unknownError: 'Erro desconhecido',
  missingId: 'Informe o ID do registro',
  changedSincePreview: (fields: string[]) =>
    `O registro mudou desde a pré-visualização (${fields.join(', ')}); esta linha não foi importada. Importe-a de novo para ver o que muda agora.`,
} as const;

/** Spec §5: record ids must not contain spaces, / or $. */
export const INVALID_ID_CHARACTERS = /[\s/$]/g;

/** What Firestore's set with merge leaves: maps merged key by key, everything else replaced. */
export function mergeLikeFirestore(stored: Record<string, unknown>, written: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(written)) {
    const before = result[key];
    result[key] = isPlainObject(value) && isPlainObject(before) ? mergeLikeFirestore(before, value) : value;
  }
  return result;
}

/** First zod issue as one line: `Options.maxInstallments: ...`, or null when there is none. */
export function firstSchemaIssue(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string | null {
  const issue = error.issues[0];
  if (!issue) return null;
  return issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message;
}
