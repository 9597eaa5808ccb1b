import type { WarehouseRow } from '../../warehouse/warehouse.js';
import type { FrankeProduct } from './client.js';

/**
 * The Franke store's product in the product's words: identity and the stock of the Franke
 * warehouse (the project's stock document whose source is 'franke'; 'franke-sp' in the demo data).
 * The store's prices are Franke's retail prices, not ours: they stay in `offer`, beside the product.
 */

export const FRANKE_SOURCE = 'franke';
export const DEFAULT_FRANKE_STOCK_KEY = 'franke-sp';

export interface FrankeOffer {
  price: number;
  listPrice: number | null;
  available: boolean;
  qty: number;
  maxInstallments: number | null;
  url: string | null;
}

export interface FrankeMapped {
  product: {
    ProductCode: string;
    ProductSiteName: string;
    brand?: string;
    EAN13?: string;
    ProductImage?: string;
    Stock: Record<string, { qty: number }>;
  };
  offer: FrankeOffer;
}

export function mapFrankeProduct(code: string, p: FrankeProduct, stockKey = DEFAULT_FRANKE_STOCK_KEY): FrankeMapped {
  const item = p.items.find((i) => i.referenceId?.some((r) => r.Value === code)) ?? p.items[0]!;
  const seller = item.sellers.find((s) => s.sellerDefault) ?? item.sellers[0];
  const offer = seller?.commertialOffer;
  const qty = Math.max(0, offer?.AvailableQuantity ?? 0);
  const product: FrankeMapped['product'] = { ProductCode: code, ProductSiteName: p.productName.trim(), Stock: { [stockKey]: { qty } } };
  if (p.brand) product.brand = p.brand;
  if (item.ean) product.EAN13 = item.ean;
  if (item.images[0]) product.ProductImage = item.images[0].imageUrl;
  return {
    product,
    offer: {
      price: offer?.Price ?? 0,
      listPrice: offer?.ListPrice ?? null,
      available: qty > 0 && offer?.IsAvailable !== false,
      qty,
      maxInstallments: offer?.Installments.length ? Math.max(...offer.Installments.map((i) => i.NumberOfInstallments)) : null,
      url: p.link ?? null,
    },
  };
}

export function frankeProductRow(
  project: string,
  code: string,
  p: FrankeProduct,
  fetchedAt: Date,
  stockKey = DEFAULT_FRANKE_STOCK_KEY,
): WarehouseRow<'franke_products'> {
  return { project, id: code, source: FRANKE_SOURCE, fetchedAt: fetchedAt.toISOString(), data: { ...mapFrankeProduct(code, p, stockKey), raw: p } };
}
