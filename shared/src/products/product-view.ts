import { isPlainObject } from '../values/plain-object.js';

type Doc = Record<string, unknown>;

/** Nested maps the sync fills only in part: merged one level deep instead of replaced. */
const PARTIAL_MAPS = ['Options', 'Stock'] as const;

/**
 * The product as the panel reads it (document 1 §3 'Product (as read by the panel)', and the answer
 * of GET /api/console/products/{id}): product/{code} with product-data/{code} merged over it.
 * product-data holds the latest upstream values and the manual overrides, so it wins field by
 * field; Options and Stock merge one level deep. `id` is the code; ProductCode, ProductImage and
 * ProductSiteName are always present (an empty text counts as missing, so the catalogue's value
 * or the first stored image shows instead). Null when neither document exists.
 */
export function productView(product: Doc | null, productData: Doc | null, code: string): Doc | null {
  if (!product && !productData) return null;
  const catalogue = product ?? {};
  const synced = productData ?? {};
  const merged: Doc = { ...catalogue, ...synced, id: code, ProductCode: synced.ProductCode ?? catalogue.ProductCode ?? code };
  for (const key of PARTIAL_MAPS) {
    const base = catalogue[key];
    const over = synced[key];
    if (isPlainObject(base) && isPlainObject(over)) merged[key] = { ...base, ...over };
  }
  merged.ProductImage = nonEmpty(synced.ProductImage) ?? nonEmpty(catalogue.ProductImage) ?? firstImageUrl(catalogue);
  merged.ProductSiteName = nonEmpty(synced.ProductSiteName) ?? nonEmpty(catalogue.ProductSiteName) ?? null;
  return merged;
}

/** The first image of a catalogue product: its images list, else the manufacturer's files. */
function firstImageUrl(product: Doc): string | null {
  const images = Array.isArray(product.images) ? (product.images as unknown[]) : [];
  for (const entry of images) {
    // Stored either as the file object itself or wrapped as { image: file } (array_field of image).
    const file = isPlainObject(entry) && 'image' in entry ? entry.image : entry;
    if (isPlainObject(file) && typeof file.url === 'string' && file.url) return file.url;
  }
  const productFiles = product.ProductFiles;
  const files = isPlainObject(productFiles) && Array.isArray(productFiles.Files) ? (productFiles.Files as unknown[]) : [];
  for (const file of files) if (isPlainObject(file) && typeof file.FileCDNURL === 'string' && file.FileCDNURL) return file.FileCDNURL;
  return null;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}
