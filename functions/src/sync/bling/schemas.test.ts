// Bling's own recorded answers (sandboxes/contracts/bling/examples, from bling-erp-api-js: SOURCE.md)
// replayed through the parsers the client uses, and what the mapping reads from them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { productFieldsFromProduto } from './mapping.js';
import { fullProdutoAnswerSchema, listSchema, produtoLojaSchema, produtoResumoSchema, savedSchema } from './schemas.js';

const example = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../../sandboxes/contracts/bling/examples/${name}.json`, import.meta.url), 'utf8'));

describe("Bling's recorded answers through our parsers", () => {
  it('the full record (GET /produtos/{idProduto}): cost from fornecedor.precoCusto, variations kept', () => {
    const { data } = fullProdutoAnswerSchema.parse(example('produto-get-by-id.response'));
    expect(data).toMatchObject({ id: 123456789, codigo: 'CODE_123', formato: 'S', categoria: { id: 123456789 }, fornecedor: { precoCusto: 55.55 } });
    expect(data.variacoes).toHaveLength(1);
    expect(productFieldsFromProduto(data)).toEqual({ ProductCodeErp: 'CODE_123', EAN13: '1234567890123', PriceNetErp: 55.55 });
  });

  it('the list summary (GET /produtos): top-level precoCusto', () => {
    const { data } = listSchema(produtoResumoSchema).parse(example('produtos-list.response'));
    expect(data).toEqual([expect.objectContaining({ id: 123456789, codigo: 'CODE_123', precoCusto: 1, situacao: 'A' })]);
  });

  it('the answers of POST and PUT /produtos and POST /produtos/lojas', () => {
    for (const name of ['produto-create.response', 'produto-update.response', 'produto-loja-create.response']) {
      expect(savedSchema.parse(example(name)).data.id).toBeGreaterThan(0);
    }
  });

  it('a produto-loja link (GET /produtos/lojas/{id})', () => {
    const { data } = example('produto-loja-get-by-id.response') as { data: unknown };
    expect(produtoLojaSchema.parse(data)).toMatchObject({ id: 12345678, preco: 25.99, produto: { id: 12345678 }, loja: { id: 12345678 } });
  });
});
