import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import '../zod-config.js';
import { DOCUMENT_ID_MAX_BYTES, documentIdProblem, documentIdSchema, documentIdWithin, optionalDocumentIdSchema } from './document-id.js';

const refusal = (id: string) => {
  const parsed = documentIdSchema.safeParse(id);
  return parsed.success ? null : parsed.error.issues[0]!.message;
};

/** Ids Firestore itself would store: no '/', not '.'/'..', not __…__, ≤ 1,500 bytes, well-formed, no control characters. */
const storableId = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 60 })
  .filter((id) => !id.includes('/') && id !== '.' && id !== '..' && !/^__.*__$/s.test(id))
  // eslint-disable-next-line no-control-regex -- control characters are filtered out of the arbitrary
  .filter((id) => !/[\u0000-\u001f\u007f-\u009f]/.test(id));

describe('a Firestore document id', () => {
  it('accepts ordinary ids, unicode, spaces inside, and exactly 1,500 bytes', () => {
    for (const id of ['abc', '10437899', 'name--pt_BR', 'Açúcar e café', 'a.b', '...', '_x_', '__x', 'x__', '🙂', 'x'.repeat(DOCUMENT_ID_MAX_BYTES)])
      expect(refusal(id), id).toBeNull();
    // 750 two-byte characters are 1,500 bytes.
    expect(refusal('é'.repeat(750))).toBeNull();
  });

  it('refuses what Firestore refuses, saying why in Portuguese', () => {
    expect(refusal('')).toBe('identificador vazio');
    expect(refusal('..')).toBe('identificador não pode ser "." nem ".."');
    expect(refusal('.')).toBe('identificador não pode ser "." nem ".."');
    expect(refusal('__proto__')).toBe('identificador não pode começar e terminar com "__" (reservado)');
    expect(refusal('__x__')).toBe('identificador não pode começar e terminar com "__" (reservado)');
    expect(refusal('____')).toBe('identificador não pode começar e terminar com "__" (reservado)');
    expect(refusal('../config/waba')).toBe('identificador não pode conter "/"');
    expect(refusal('x'.repeat(1600))).toBe('identificador longo demais (máximo de 1500 bytes)');
    expect(refusal('é'.repeat(751))).toBe('identificador longo demais (máximo de 1500 bytes)');
    expect(refusal('\ud800x')).toBe('identificador com caractere inválido');
  });

  it('refuses control characters instead of trimming them away', () => {
    for (const id of ['10437899\n', '\t1', 'a\u0000b', 'x\u007f', 'x\u0085', '\r'])
      expect(refusal(id), JSON.stringify(id)).toBe('identificador não pode conter caracteres de controle');
  });

  it('accepts every id Firestore can store, unchanged', () => {
    fc.assert(fc.property(storableId, (id) => documentIdSchema.parse(id) === id));
  });

  it('refuses every id with a slash or a control character, wherever it is', () => {
    const bad = fc.constantFrom('/', '\n', '\u0000', '\u001f', '\u007f');
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), bad, fc.string({ maxLength: 20 }), (before, c, after) => documentIdProblem(before + c + after) !== null),
    );
  });

  it('refuses every reserved __…__ id', () => {
    fc.assert(fc.property(fc.string({ maxLength: 30 }), (inner) => documentIdProblem(`__${inner}__`) !== null));
  });

  it('leaves room for a prefix when asked', () => {
    expect(documentIdWithin(1400).safeParse('x'.repeat(1400)).success).toBe(true);
    expect(documentIdWithin(1400).safeParse('x'.repeat(1401)).error?.issues[0]?.message).toBe('identificador longo demais (máximo de 1400 bytes)');
    expect(documentIdWithin(1400).safeParse('__x__').success).toBe(false);
  });

  it('leaves a record id empty when the collection generates it', () => {
    expect(optionalDocumentIdSchema.safeParse('').success).toBe(true);
    expect(optionalDocumentIdSchema.safeParse('ok').success).toBe(true);
    expect(optionalDocumentIdSchema.safeParse('__proto__').success).toBe(false);
  });
});
