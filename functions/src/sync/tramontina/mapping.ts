import type { WarehouseRow } from '../../warehouse/warehouse.js';
import type { WebserviceProduct } from './client.js';

/**
 * The web service's product in the product entity's words (document 2 §3): identity,
 * classification, dimensions, packing, the manufacturer's prices and the image files.
 */
export interface TramontinaProductFields {
  Company: number;
  ProductCode: string;
  ProductSiteName: string;
  ProductDescription?: string;
  ProductLine?: string;
  brand?: string;
  EAN13?: string;
  NCMCode?: string;
  Salable?: string;
  Status?: string;
  Warranty?: string;
  Height?: number;
  Width?: number;
  Length?: number;
  DimensionsUnit?: string;
  NetWeight?: number;
  GrossWeight?: number;
  WeightUnit?: string;
  HeightPacking?: number;
  WidthPacking?: number;
  LengthPacking?: number;
  PriceNet?: number;
  PriceMin?: number;
  PriceMinInstallments?: number;
  PriceNetIPI?: number;
  /** Keyed by package size: {PriceNet, qty} (document 1 §3). */
  PriceNetByQty?: Record<string, { PriceNet: number; qty: number }>;
  ProductImage?: string;
  ProductFiles?: { Files: { FileType: string; FileExtension: string; FileCDNURL: string }[] };
}

export const TRAMONTINA_WEBSERVICE_SOURCE = 'tramontina-webservice';

/** Drops null/undefined/blank values: an absent field must not erase what another source gave. */
function compact<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === ''))) as T;
}

function extensionOf(url: string, given?: string): string {
  if (given) return given.toUpperCase();
  return (/\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1] ?? '').toUpperCase();
}

export function mapWebserviceProduct(p: WebserviceProduct): TramontinaProductFields {
  const images = [...p.Images].sort((a, b) => (a.Order ?? 0) - (b.Order ?? 0));
  const byQty = p.Prices.PriceNetByQty.length
    ? Object.fromEntries(p.Prices.PriceNetByQty.map((q) => [String(q.Qty), { PriceNet: q.PriceNet, qty: q.Qty }]))
    : undefined;
  return compact({
    Company: p.Company,
    ProductCode: p.ProductCode,
    ProductSiteName: p.Description.trim(),
    ProductDescription: p.DescriptionLong ?? undefined,
    ProductLine: p.Line ?? undefined,
    brand: p.Brand ?? undefined,
    EAN13: p.EAN13 ?? undefined,
    NCMCode: p.NCM ?? undefined,
    Salable: p.Salable ?? undefined,
    Status: p.Status ?? undefined,
    Warranty: p.Warranty ?? undefined,
    Height: p.Dimensions?.Height ?? undefined,
    Width: p.Dimensions?.Width ?? undefined,
    Length: p.Dimensions?.Length ?? undefined,
    DimensionsUnit: p.Dimensions?.Unit ?? undefined,
    NetWeight: p.Dimensions?.NetWeight ?? undefined,
    GrossWeight: p.Dimensions?.GrossWeight ?? undefined,
    WeightUnit: p.Dimensions?.WeightUnit ?? undefined,
    HeightPacking: p.Packing?.Height ?? undefined,
    WidthPacking: p.Packing?.Width ?? undefined,
    LengthPacking: p.Packing?.Length ?? undefined,
    PriceNet: p.Prices.PriceNet ?? undefined,
    PriceMin: p.Prices.PriceMin ?? undefined,
    PriceMinInstallments: p.Prices.PriceMinInstallments ?? undefined,
    PriceNetIPI: p.Prices.PriceNetIPI ?? undefined,
    PriceNetByQty: byQty,
    ProductImage: images[0]?.Url,
    ProductFiles: images.length
      ? { Files: images.map((i) => ({ FileType: i.Type || 'PD', FileExtension: extensionOf(i.Url, i.Extension), FileCDNURL: i.Url })) }
      : undefined,
  });
}

/**
 * The warehouse row (table tramontina_products): `data.product` holds the mapped fields the
 * Firestore step reads, `data.raw` the answer as the web service gave it.
 */
export function tramontinaProductRow(project: string, product: WebserviceProduct, fetchedAt: Date): WarehouseRow<'tramontina_products'> {
  return {
    project,
    id: product.ProductCode,
    source: TRAMONTINA_WEBSERVICE_SOURCE,
    fetchedAt: fetchedAt.toISOString(),
    company: String(product.Company),
    data: { product: mapWebserviceProduct(product), raw: product },
  };
}
