import type { Firestore } from 'firebase-admin/firestore';
import { PROJECT_COLLECTION } from '@console/shared';
import { toJsonData } from '../../lib/firestore-json.js';

export const PRODUCT_COLLECTION = 'product';
export const PRODUCT_DATA_COLLECTION = 'product-data';

export function productRefs(firestore: Firestore, project: string, code: string) {
  const base = firestore.collection(PROJECT_COLLECTION).doc(project);
  return {
    product: base.collection(PRODUCT_COLLECTION).doc(code),
    productData: base.collection(PRODUCT_DATA_COLLECTION).doc(code),
  };
}

type Doc = Record<string, unknown>;

function firstImageUrl(product: Doc): string | null {
  const images = Array.isArray(product.images) ? product.images : [];
  for (const entry of images) {
    // Stored either as the file object itself or wrapped as { image: file } (array_field of image).
    const file = (entry && typeof entry === 'object' && 'image' in entry ? (entry as Doc).image : entry) as Doc | null;
    if (file && typeof file.url === 'string' && file.url) return file.url;
  }
  const files = ((product.ProductFiles as Doc | undefined)?.Files ?? []) as Doc[];
  const picture = Array.isArray(files) ? files.find((f) => typeof f?.FileCDNURL === 'string' && f.FileCDNURL) : undefined;
  return (picture?.FileCDNURL as string | undefined) ?? null;
}

/**
 * The product as the panel reads it (document 1 §3): the catalogue document with the synced
 * product-data merged over it — product-data holds the latest upstream values and the manual
 * overrides, so it wins field by field. ProductImage and ProductSiteName are always present.
 */
export async function readProductView(firestore: Firestore, project: string, code: string) {
  const refs = productRefs(firestore, project, code);
  const [product, productData] = await firestore.getAll(refs.product, refs.productData);
  if (!product!.exists && !productData!.exists) return null;
  const catalogue = (product!.data() ?? {}) as Doc;
  const synced = (productData!.data() ?? {}) as Doc;
  const merged: Doc = { ...catalogue, ...synced, id: code, ProductCode: synced.ProductCode ?? catalogue.ProductCode ?? code };
  // Nested maps the sync fills only in part (Options, Stock) are merged one level deep.
  for (const key of ['Options', 'Stock']) {
    if (isPlainObject(catalogue[key]) && isPlainObject(synced[key])) merged[key] = { ...catalogue[key], ...synced[key] };
  }
  merged.ProductImage = nonEmpty(synced.ProductImage) ?? nonEmpty(catalogue.ProductImage) ?? firstImageUrl(catalogue);
  merged.ProductSiteName = nonEmpty(synced.ProductSiteName) ?? nonEmpty(catalogue.ProductSiteName) ?? null;
  return {
    data: toJsonData(merged) as Doc,
    sources: { product: product!.exists, productData: productData!.exists },
  };
}

function isPlainObject(value: unknown): value is Doc {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value : null;
}
