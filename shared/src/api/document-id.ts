import { z } from 'zod';

/**
 * A Firestore document id as a request names it (a path segment, a query value, a body field).
 * Firestore refuses ids that are empty, longer than 1,500 bytes (UTF-8), contain '/', are '.' or
 * '..', or match `__.*__` (reserved); an id with a lone UTF-16 surrogate is not valid UTF-8 and is
 * refused too. Control characters (a stray newline, `%0A`) are allowed by Firestore but never part
 * of an id anyone typed: they are refused rather than trimmed into another, valid id.
 *
 * Contracts parse every document id with this schema, so the router answers 400 with the reason in
 * Portuguese before a handler runs, instead of Firestore's error surfacing as a 500.
 */
export const DOCUMENT_ID_MAX_BYTES = 1500;

/** Why an id cannot name a Firestore document (Portuguese), or null when it can. */
export function documentIdProblem(id: string, maxBytes = DOCUMENT_ID_MAX_BYTES): string | null {
  if (id.length === 0) return 'identificador vazio';
  if (new TextEncoder().encode(id).length > maxBytes) return `identificador longo demais (máximo de ${maxBytes} bytes)`;
  if (id.includes('/')) return 'identificador não pode conter "/"';
  if (id === '.' || id === '..') return 'identificador não pode ser "." nem ".."';
  if (/^__.*__$/s.test(id)) return 'identificador não pode começar e terminar com "__" (reservado)';
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f-\u009f]/.test(id)) return 'identificador não pode conter caracteres de controle';
  if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(id)) return 'identificador com caractere inválido';
  return null;
}

/** A document id Firestore accepts (see above); the message names the first problem found. */
export const documentIdSchema = z.string().superRefine((id, ctx) => {
  const problem = documentIdProblem(id);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

/**
 * A document id that also names other documents with a prefix added (a campaign's send is
 * `campaign-send/{channel}-{id}`): at most `maxBytes`, so the longer id stays within Firestore's limit.
 */
export const documentIdWithin = (maxBytes: number) =>
  z.string().superRefine((id, ctx) => {
    const problem = documentIdProblem(id, maxBytes);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A record id that may be left empty (the collection generates it), else a valid document id. */
export const optionalDocumentIdSchema = z.string().superRefine((id, ctx) => {
  const problem = id === '' ? null : documentIdProblem(id);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
