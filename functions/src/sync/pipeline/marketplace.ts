import { z } from 'zod';
import { ApiError } from '../../lib/api-error.js';

export const MARKETPLACES = ['shopee', 'amazon', 'magalu', 'madeiramadeira'] as const;
export type Marketplace = (typeof MARKETPLACES)[number];

const storeIdsSchema = z.object({
  shopee: z.coerce.string(),
  amazon: z.coerce.string(),
  magalu: z.coerce.string(),
  madeiramadeira: z.coerce.string(),
  updateStore: z.coerce.string(),
});
export type MarketplaceStoreIds = z.infer<typeof storeIdsSchema>;

/** MARKETPLACE_STORE_IDS (JSON) read and checked; a broken value is a configuration error, said so. */
export function parseMarketplaceStoreIds(json: string): MarketplaceStoreIds {
  try {
    return storeIdsSchema.parse(JSON.parse(json));
  } catch {
    throw new ApiError(500, 'Configuração MARKETPLACE_STORE_IDS inválida: esperado JSON {shopee, amazon, magalu, madeiramadeira, updateStore}.');
  }
}

/**
 * The Bling loja a push goes to: the configured id of the marketplace (or the update-store id
 * when no store is named). A `loja` given in the URL must be that same id — the console never
 * pushes to a loja the configuration does not know.
 */
export function resolveLoja(ids: MarketplaceStoreIds, store: Marketplace | undefined, loja: string | undefined): string {
  const expected = store ? ids[store] : ids.updateStore;
  if (loja !== undefined && loja !== expected) {
    throw new ApiError(400, `Requisição inválida: loja ${loja} não é a loja configurada para ${store ?? 'atualização'} (${expected}).`);
  }
  return expected;
}

/** A loja to remove a product from must be one of the configured ids. */
export function requireKnownLoja(ids: MarketplaceStoreIds, loja: string): string {
  if (!Object.values(ids).includes(loja)) throw new ApiError(400, `Requisição inválida: loja ${loja} não está configurada.`);
  return loja;
}
