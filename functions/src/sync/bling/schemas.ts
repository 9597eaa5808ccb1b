import { z } from 'zod';

/**
 * Bling's answers as the pinned contract describes them (sandboxes/contracts/bling/openapi.json,
 * schema names in the comments). Loose objects: Bling adds fields, and what we do not read passes
 * through untouched (the warehouse keeps the whole record). Replayed against Bling's own recorded
 * answers in schemas.test.ts.
 */

const situacao = z.enum(['A', 'I', 'E']);
const formato = z.enum(['S', 'V', 'E']);
const idRef = z.looseObject({ id: z.number() });

/** ProdutosDadosBaseDTO: one produto of GET /produtos (the list summary). Its cost is `precoCusto`. */
export const produtoResumoSchema = z.looseObject({
  id: z.number(),
  idProdutoPai: z.number().optional(),
  nome: z.string().default(''),
  codigo: z.string().default(''),
  preco: z.number().optional(),
  /** The default supplier's cost: in the list summary only. */
  precoCusto: z.number().optional(),
  estoque: z.looseObject({ saldoVirtualTotal: z.number().optional() }).optional(),
  tipo: z.string().optional(),
  situacao: situacao.optional(),
  formato: formato.optional(),
  descricaoCurta: z.string().optional(),
  imagemURL: z.string().optional(),
});
export type BlingProdutoResumo = z.infer<typeof produtoResumoSchema>;

/** ProdutoFornecedorDTO: the default supplier link of a full record, where its cost is. */
const fornecedorSchema = z.looseObject({
  id: z.number().optional(),
  contato: z.looseObject({ id: z.number().optional(), nome: z.string().optional() }).optional(),
  codigo: z.string().optional(),
  precoCusto: z.number().optional(),
  precoCompra: z.number().optional(),
});

const dadosSchema = {
  id: z.number(),
  nome: z.string().default(''),
  codigo: z.string().default(''),
  preco: z.number().optional(),
  tipo: z.string().optional(),
  situacao: situacao.optional(),
  formato: formato.optional(),
  descricaoCurta: z.string().optional(),
  imagemURL: z.string().optional(),
  unidade: z.string().optional(),
  pesoLiquido: z.number().optional(),
  pesoBruto: z.number().optional(),
  gtin: z.string().optional(),
  marca: z.string().optional(),
  descricaoComplementar: z.string().optional(),
  categoria: idRef.optional(),
  estoque: z
    .looseObject({
      minimo: z.number().optional(),
      maximo: z.number().optional(),
      crossdocking: z.number().optional(),
      saldoVirtualTotal: z.number().optional(),
    })
    .optional(),
  fornecedor: fornecedorSchema.optional(),
  dimensoes: z
    .looseObject({ largura: z.number().optional(), altura: z.number().optional(), profundidade: z.number().optional(), unidadeMedida: z.number().optional() })
    .optional(),
  tributacao: z.looseObject({ origem: z.number().optional(), ncm: z.string().optional(), cest: z.string().optional() }).optional(),
};

/** ProdutosDadosDTO: the full record GET /produtos/{idProduto} answers. Its cost is `fornecedor.precoCusto`. */
export const produtoSchema = z.looseObject({
  ...dadosSchema,
  variacoes: z.array(z.looseObject({ ...dadosSchema, variacao: z.looseObject({ nome: z.string(), ordem: z.number().optional() }).optional() })).optional(),
});
export type BlingProduto = z.infer<typeof produtoSchema>;

/** ProdutosLojasDadosDTO: a link between a produto and a loja (a marketplace or channel of the account). */
export const produtoLojaSchema = z.looseObject({
  id: z.number(),
  codigo: z.string().optional(),
  preco: z.number().optional(),
  precoPromocional: z.number().optional(),
  produto: idRef,
  loja: idRef,
});
export type BlingProdutoLoja = z.infer<typeof produtoLojaSchema>;

export const listSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export const fullProdutoAnswerSchema = z.object({ data: produtoSchema });
/** ProdutosResponse_POST_PUT (POST, PUT and PATCH of /produtos) and BasePostResponse (produtos/lojas). */
export const savedSchema = z.object({ data: z.looseObject({ id: z.number() }) });

/** ErrorResponse, with TooManyRequestsResponse's `limit`/`period` (developer pages, /limites). */
export const errorAnswerSchema = z.object({
  error: z.looseObject({
    type: z.string(),
    message: z.string().optional(),
    description: z.string().optional(),
    fields: z.array(z.looseObject({ msg: z.string().optional() })).optional(),
    limit: z.number().optional(),
    period: z.enum(['second', 'day']).optional(),
  }),
});
