import { isPlainObject } from '@console/shared';
import type { TableName, WarehouseRow } from '../../warehouse/warehouse.js';
import type { BlingProduto } from '../bling/schemas.js';
import { productFieldsFromProduto } from '../bling/mapping.js';

type Doc = Record<string, unknown>;

/**
 * The product fields the sync maintains in product-data (document 1 §3 'Product (as read by the
 * panel)', with the dimensions and NCM the manufacturer supplies). Anything else in product-data —
 * manual overrides of Options, notes — is the operator's and is never touched by the sync.
 */
export const SYNCED_PRODUCT_FIELDS = [
  'Company',
  'ProductCode',
  'ProductCodeErp',
  'EAN13',
  'ProductCodeGoogle',
  'ProductLine',
  'ProductImage',
  'ProductSiteName',
  'NCMCode',
  'brand',
  'Height',
  'Width',
  'Length',
  'NetWeight',
  'GrossWeight',
  'Salable',
  'Status',
  'Stock',
  'PriceCompare',
  'Price',
  'PriceInstallments',
  'PriceMin',
  'PriceMinInstallments',
  'PriceNetIPI',
  'PriceNetErp',
  'PriceNet',
  'PriceNetByQty',
] as const;

/** Prices an operator owns once Options.isManualPricing is set: the sync leaves them alone. */
export const MANUAL_PRICE_FIELDS = ['PriceCompare', 'Price', 'PriceInstallments'] as const;

/** Fields the product (catalogue) document gets when the sync creates it, or fills when empty. */
export const CATALOGUE_SEED_FIELDS = [
  'ProductCode',
  'Company',
  'ProductSiteName',
  'ProductImage',
  'EAN13',
  'NCMCode',
  'ProductLine',
  'Height',
  'Width',
  'Length',
  'NetWeight',
  'GrossWeight',
] as const;

/**
 * The warehouse tables that feed product-data, weakest first: a later source overrides an earlier
 * one field by field. Suppliers' sites describe the product; the manufacturer's web service is the
 * authority on identity, dimensions and manufacturer prices; the ERP on its own code and purchase
 * price; TStock on the manufacturer's stock. Store-site rows stay in the warehouse (they describe
 * our own storefronts, not the product).
 */
export const PRODUCT_SOURCES = ['franke_products', 'doka_products', 'tramontina_products', 'bling_products', 'tstock_stock'] as const;

function pick(data: Doc, fields: readonly string[]): Doc {
  const out: Doc = {};
  for (const field of fields) if (data[field] !== undefined) out[field] = data[field];
  return out;
}

/**
 * The product fields one warehouse row contributes. Rows are stored in product vocabulary
 * (ProductCode, Price…) by the clients; a row may also carry a `product` object of those fields
 * beside the raw upstream record.
 */
export function productFieldsOf(table: TableName, row: WarehouseRow): Doc {
  const data = row.data as Doc;
  // bling_products keeps Bling's own produto; the ERP speaks for its code, GTIN and purchase price.
  if (table === 'bling_products') return { ...productFieldsFromProduto(data as BlingProduto) };
  const mapped = data.product && typeof data.product === 'object' ? (data.product as Doc) : data;
  const fields = pick(mapped, SYNCED_PRODUCT_FIELDS);
  // TStock rows are the manufacturer's stock only.
  if (table === 'tstock_stock') return pick(fields, ['Stock']);
  return fields;
}

/** Merges the contributions of each source, in PRODUCT_SOURCES order; Stock merges by warehouse key. */
export function mergeProductFields(contributions: Doc[]): Doc {
  const merged: Doc = {};
  for (const fields of contributions) {
    for (const [key, value] of Object.entries(fields)) {
      if (key === 'Stock' && isPlainObject(value) && isPlainObject(merged.Stock)) merged.Stock = { ...merged.Stock, ...value };
      else merged[key] = value;
    }
  }
  return merged;
}
