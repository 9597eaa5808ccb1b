import { isPlainObject } from '../values/plain-object.js';

type Doc = Record<string, unknown>;

/**
 * What the readiness rules look at, read once from the product as the panel reads it
 * (`productView`): plain values in cm, kg and characters, so the same rules run here and as SQL
 * in the warehouse over a table of these columns (functions/src/readiness/readiness-sql.ts).
 * Null means absent.
 */
export interface ProductFacts {
  title: string | null;
  /** Characters of the description as text (markup removed, spaces collapsed). */
  descriptionLength: number;
  imageCount: number;
  brand: string | null;
  category: string | null;
  price: number | null;
  /** Units in every stock together. */
  stock: number;
  height: number | null;
  width: number | null;
  length: number | null;
  weight: number | null;
  packHeight: number | null;
  packWidth: number | null;
  packLength: number | null;
  grossWeight: number | null;
  gtin: string | null;
  ncm: string | null;
  cest: string | null;
  origin: string | null;
}

export const PRODUCT_FACT_NAMES = [
  'title',
  'descriptionLength',
  'imageCount',
  'brand',
  'category',
  'price',
  'stock',
  'height',
  'width',
  'length',
  'weight',
  'packHeight',
  'packWidth',
  'packLength',
  'grossWeight',
  'gtin',
  'ncm',
  'cest',
  'origin',
] as const satisfies readonly (keyof ProductFacts)[];
export type ProductFactName = (typeof PRODUCT_FACT_NAMES)[number];

const IMAGE_EXTENSIONS = new Set(['JPG', 'JPEG', 'PNG', 'WEBP', 'GIF']);

export function productFacts(product: Doc): ProductFacts {
  // An empty unit means the default (cm, kg; product collection). 'mm' is the only other unit.
  const toCm = product.DimensionsUnit === 'mm' ? 0.1 : 1;
  const dimension = (key: string) => scaled(product[key], toCm);
  return {
    title: text(product.ProductSiteName),
    descriptionLength: plainTextLength(product.ProductDescription),
    imageCount: imageCount(product),
    brand: text(product.brand),
    category: text(product.category),
    price: numberOrNull(product.Price),
    stock: stockUnits(product.Stock),
    height: dimension('Height'),
    width: dimension('Width'),
    length: dimension('Length'),
    // The spec's weight units are 'm or kg'; neither converts, so the number is read as kg.
    weight: numberOrNull(product.NetWeight),
    packHeight: dimension('HeightPacking'),
    packWidth: dimension('WidthPacking'),
    packLength: dimension('LengthPacking'),
    grossWeight: numberOrNull(product.GrossWeight),
    gtin: code(product.EAN13),
    ncm: code(product.NCMCode),
    cest: code(product.CESTCode),
    origin: code(product.Origin),
  };
}

function text(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

/** A code as typed (spaces trimmed); numbers the ERP sent as numbers become their digits. */
function code(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return text(value);
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function scaled(value: unknown, factor: number): number | null {
  const n = numberOrNull(value);
  return n === null ? null : Math.round(n * factor * 1000) / 1000;
}

const ENTITY = /&(nbsp|amp|lt|gt|quot|#39|#\d+);/g;

/** The description's length as a buyer reads it: tags removed, entities as one character, spaces collapsed. */
export function plainTextLength(html: unknown): number {
  if (typeof html !== 'string') return 0;
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(ENTITY, 'x')
    .replace(/\s+/g, ' ')
    .trim().length;
}

/** Images with an address: the catalogue's images, else the manufacturer's image files. */
function imageCount(product: Doc): number {
  const images = Array.isArray(product.images) ? (product.images as unknown[]) : [];
  let count = 0;
  for (const entry of images) {
    const file = isPlainObject(entry) && 'image' in entry ? entry.image : entry;
    if (isPlainObject(file) && typeof file.url === 'string' && file.url) count += 1;
  }
  if (count > 0) return count;
  const productFiles = product.ProductFiles;
  const files = isPlainObject(productFiles) && Array.isArray(productFiles.Files) ? (productFiles.Files as unknown[]) : [];
  for (const file of files) {
    if (!isPlainObject(file) || typeof file.FileCDNURL !== 'string' || !file.FileCDNURL) continue;
    if (IMAGE_EXTENSIONS.has(String(file.FileExtension ?? '').toUpperCase())) count += 1;
  }
  return count;
}

function stockUnits(stock: unknown): number {
  if (!isPlainObject(stock)) return 0;
  let units = 0;
  for (const entry of Object.values(stock)) {
    if (isPlainObject(entry) && typeof entry.qty === 'number' && Number.isFinite(entry.qty) && entry.qty > 0) units += entry.qty;
  }
  return units;
}
