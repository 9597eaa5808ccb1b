import { ApiError } from '../../lib/api-error.js';
import type { Warehouse } from '../../warehouse/warehouse.js';
import type { BlingClient } from '../bling/client.js';
import { blingCodigo, blingSituacao, listingFromProduct, produtoFromProduct, warehouseRowFromProduto, type ProductForBling } from '../bling/mapping.js';

/** What the Bling steps use of the client: one account's API. */
export type BlingPort = Pick<BlingClient, 'accountDescription' | 'findProdutoByCodigo' | 'saveProduto' | 'setSituacao' | 'publishToStore' | 'removeFromStore'>;

/** The product as Firestore has it (catalogue + product-data), or null. */
export type LoadProduct = (code: string) => Promise<ProductForBling | null>;

async function requireProduct(loadProduct: LoadProduct, code: string): Promise<ProductForBling> {
  const product = await loadProduct(code);
  if (!product) throw new ApiError(404, 'Produto não encontrado.');
  return product;
}

/**
 * ERP → warehouse (/api/bling/bigquery/produtos?id): the produto with that codigo, read whole
 * from Bling, then one upsert of its bling_products row. Nothing is written if Bling fails.
 */
export async function syncBlingProduct(
  { project, code }: { project: string; code: string },
  { bling, warehouse, now = () => new Date() }: { bling: BlingPort; warehouse: Warehouse; now?: () => Date },
) {
  const produto = await bling.findProdutoByCodigo(code);
  if (!produto) throw new ApiError(404, `Bling: produto ${code} não encontrado na conta.`);
  const account = await bling.accountDescription();
  const { written } = await warehouse.upsert('bling_products', [warehouseRowFromProduto(project, account, produto, now())]);
  return { ok: true as const, code, account, blingId: produto.id, written };
}

/** Creates the product in the ERP, or updates the produto that already has its codigo (idempotent). */
export async function createBlingProduct({ code }: { code: string }, { bling, loadProduct }: { bling: BlingPort; loadProduct: LoadProduct }) {
  const product = await requireProduct(loadProduct, code);
  const saved = await bling.saveProduto(produtoFromProduct(product));
  return { ok: true as const, code, codigo: blingCodigo(product), blingId: saved.id, created: saved.created, account: await bling.accountDescription() };
}

/** The update-flag: the produto's situacao follows the product's Status ('ativado' → 'A'). */
export async function updateBlingFlag({ code }: { code: string }, { bling, loadProduct }: { bling: BlingPort; loadProduct: LoadProduct }) {
  const product = await requireProduct(loadProduct, code);
  const situacao = blingSituacao(product);
  const { id } = await bling.setSituacao(blingCodigo(product), situacao);
  return { ok: true as const, code, codigo: blingCodigo(product), blingId: id, situacao };
}

/** Marketplace push: the product's listing in one loja, created or updated with the current prices. */
export async function publishToMarketplace(
  { code, loja, store }: { code: string; loja: string; store: string | null },
  { bling, loadProduct }: { bling: BlingPort; loadProduct: LoadProduct },
) {
  const product = await requireProduct(loadProduct, code);
  const listing = listingFromProduct(product, loja);
  const saved = await bling.publishToStore(blingCodigo(product), listing);
  return { ok: true as const, code, loja, store, listingId: saved.id, created: saved.created, preco: listing.preco };
}

/** Marketplace removal: the product's listings in the loja are removed; none left is success. */
export async function removeFromMarketplace(
  { code, loja }: { code: string; loja: string },
  { bling, loadProduct }: { bling: BlingPort; loadProduct: LoadProduct },
) {
  // The Firestore product may be gone already; its code is then the Bling codigo.
  const product = await loadProduct(code);
  const { removed } = await bling.removeFromStore(product ? blingCodigo(product) : code, loja);
  return { ok: true as const, code, loja, removed };
}
