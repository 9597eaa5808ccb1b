import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { filePermissionsRequestSchema, findCollection, findSettings } from './index.js';

const ENGLISH = /\b(expected|received|invalid input|invalid option|too (small|big)|must|string|number)\b/i;

describe('zod messages once the shared package is loaded', () => {
  it('are Portuguese for the collections’ schemas (what a CSV import line shows)', () => {
    const product = findCollection('main', 'product')!;
    const result = product.schema.safeParse({ Price: 'abc', Options: { canSell: 'sim' } });
    expect(result.success).toBe(false);
    for (const issue of result.error!.issues) expect(issue.message).not.toMatch(ENGLISH);
    expect(result.error!.issues[0]!.message).toMatch(/^Entrada inválida: esperava/);
  });

  it('are Portuguese for the API contracts and for settings documents', () => {
    const request = filePermissionsRequestSchema.safeParse({ isPublic: 'sim' });
    expect(request.error!.issues.map((i) => i.message)).toEqual([
      'Entrada inválida: esperava um texto, recebeu um valor "undefined"',
      'Entrada inválida: esperava um valor booleano, recebeu um texto',
    ]);
    const store = findSettings('main', 'store')!.schema.safeParse({ address: { state: 'XX' } });
    for (const issue of store.error?.issues ?? []) expect(issue.message).not.toMatch(ENGLISH);
  });

  it('are Portuguese for any schema built with the same zod (the whole process or page)', () => {
    expect(z.number().min(2).safeParse(1).error!.issues[0]!.message).toBe('Pequeno demais: esperava que o número fosse >= 2');
  });
});
