import type { WarehouseRow } from '../../warehouse/warehouse.js';
import type { BlingListingInput, BlingProdutoCreate, BlingProdutoInput, BlingProdutoPatch } from './client.js';
import type { BlingProduto } from './schemas.js';

/**
 * Between Bling's produto and this console's product: pure functions, no I/O.
 * The console's product is the Firestore product entity (ProductCode, ProductSiteName, Price…).
 */

/** The product entity's fields that matter to Bling. */
export interface ProductForBling {
  ProductCode: string;
  ProductCodeErp?: string | null;
  ProductSiteName?: string | null;
  ProductDescription?: string | null;
  ProductImage?: string | null;
  images?: { url?: string }[] | null;
  EAN13?: string | null;
  NCMCode?: string | null;
  brand?: string | null;
  Price?: number | null;
  PriceCompare?: number | null;
  NetWeight?: number | null;
  GrossWeight?: number | null;
  Height?: number | null;
  Width?: number | null;
  Length?: number | null;
  DimensionsUnit?: string | null;
  /** 'ativado' means active. */
  Status?: string | null;
}

/** The product fields Bling is the source of (what the ERP sync brings back). */
export interface ProductFieldsFromBling {
  ProductCodeErp: string;
  EAN13?: string;
  /** The ERP's unit purchase price. */
  PriceNetErp?: number;
}

/** The SKU the product has in Bling: ProductCodeErp when set, else the ProductCode. */
export function blingCodigo(product: Pick<ProductForBling, 'ProductCode' | 'ProductCodeErp'>): string {
  return product.ProductCodeErp?.trim() || product.ProductCode.trim();
}

/** The update-flag: an active product ('ativado') is 'A' in Bling, anything else 'I' (inativo). */
export function blingSituacao(product: Pick<ProductForBling, 'Status'>): 'A' | 'I' {
  return product.Status === 'ativado' ? 'A' : 'I';
}

const positive = (value: number | null | undefined): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

/** Bling's unidadeMedida of dimensions: 0 metros, 1 centímetros, 2 milímetros. */
function unidadeMedida(unit: string | null | undefined): 0 | 1 | 2 {
  const normalised = unit?.trim().toLowerCase();
  return normalised === 'm' ? 0 : normalised === 'mm' ? 2 : 1;
}

/**
 * What the console sends Bling for a product (functions/src/sync/README.md, 'Bling'). `update` is
 * the PATCH of a produto that exists: only the fields the console owns, and only those the product
 * has (no `preco: 0`, no unit or formato forced), so the ERP's own data — variations, kit, category,
 * tax data, stock bounds, media — stays as it is. `create` is the POST of a new produto: the same
 * fields plus what Bling requires (nome, tipo, situacao, formato) and what only a creation sets
 * (codigo, NCM, images).
 */
export function produtoFromProduct(product: ProductForBling): BlingProdutoInput {
  const gtin = product.EAN13?.replace(/\D/g, '');
  const ncm = product.NCMCode?.replace(/\D/g, '');
  const links = [product.ProductImage, ...(product.images ?? []).map((image) => image.url)].filter(
    (link): link is string => typeof link === 'string' && /^https?:\/\//.test(link),
  );
  const dimensions = { largura: positive(product.Width), altura: positive(product.Height), profundidade: positive(product.Length) };
  const nome = product.ProductSiteName?.trim();
  const price = positive(product.Price);
  const update: BlingProdutoPatch = {};
  if (nome) update.nome = nome;
  if (price !== undefined) update.preco = price;
  if (gtin) update.gtin = gtin;
  if (product.brand) update.marca = product.brand;
  if (product.ProductDescription) update.descricaoCurta = product.ProductDescription;
  if (positive(product.NetWeight)) update.pesoLiquido = product.NetWeight!;
  if (positive(product.GrossWeight)) update.pesoBruto = product.GrossWeight!;
  if (Object.values(dimensions).some((value) => value !== undefined)) {
    update.dimensoes = { ...dimensions, unidadeMedida: unidadeMedida(product.DimensionsUnit) };
  }
  const create: BlingProdutoCreate = {
    ...update,
    codigo: blingCodigo(product),
    nome: nome || product.ProductCode.trim(),
    tipo: 'P',
    situacao: blingSituacao(product),
    formato: 'S',
  };
  if (ncm) create.tributacao = { ncm };
  // ProdutosMidiaDTO requires `video` beside `imagens`; the console has no video, and a new
  // produto has none to lose.
  if (links.length) create.midia = { video: { url: '' }, imagens: { imagensURL: [...new Set(links)].map((link) => ({ link })) } };
  return { create, update };
}

/**
 * The listing of a product in a marketplace loja: the full price (PriceCompare, or Price when there
 * is none) with the cash price as the promotional one when it is lower.
 */
export function listingFromProduct(product: ProductForBling, idLoja: number | string): BlingListingInput {
  const price = positive(product.Price);
  const full = positive(product.PriceCompare) ?? price ?? 0;
  return {
    idLoja,
    codigo: blingCodigo(product),
    preco: full,
    ...(price !== undefined && price < full ? { precoPromocional: price } : {}),
  };
}

/** The bling_products warehouse row of a produto, keyed by its codigo. */
export function warehouseRowFromProduto(project: string, account: string, produto: BlingProduto, fetchedAt: Date): WarehouseRow<'bling_products'> {
  return {
    project,
    id: produto.codigo,
    data: { ...produto },
    source: 'bling',
    fetchedAt: fetchedAt.toISOString(),
    account,
  };
}

/**
 * The product fields a Bling produto gives: its SKU, GTIN and purchase cost (when Bling has them).
 * `produto` is the full record (GET /produtos/{idProduto}), whose cost is the default supplier's,
 * `fornecedor.precoCusto`: a top-level `precoCusto` exists only in the list summary.
 */
export function productFieldsFromProduto(produto: BlingProduto): ProductFieldsFromBling {
  const fields: ProductFieldsFromBling = { ProductCodeErp: produto.codigo };
  const gtin = produto.gtin?.trim();
  if (gtin) fields.EAN13 = gtin;
  const cost = positive(produto.fornecedor?.precoCusto);
  if (cost !== undefined) fields.PriceNetErp = cost;
  return fields;
}
