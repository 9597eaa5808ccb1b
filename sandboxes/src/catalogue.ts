import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The catalogue every sandbox serves: the seed's products (emulator-data/seed/firestore.json), so
 * upstream answers match the demo stores. Products of `main` and `cookstore` are merged by
 * ProductCode (the manufacturer's catalogue is one; per-store prices stay the store's business).
 */
export interface SandboxProduct {
  ProductCode: string;
  Company: number;
  ProductSiteName: string;
  EAN13?: string;
  NCMCode?: string;
  brand?: string;
  ProductLine?: string;
  ProductDescription?: string;
  ProductImage?: string;
  Height?: number;
  Width?: number;
  Length?: number;
  NetWeight?: number;
  GrossWeight?: number;
  Price?: number;
  PriceCompare?: number;
  PriceMin?: number;
  PriceMinInstallments?: number;
  PriceNet?: number;
  PriceNetIPI?: number;
  PriceNetErp?: number;
  Stock?: Record<string, { qty?: number; ProductCodeErp?: string }>;
  [key: string]: unknown;
}

export interface SandboxCatalogue {
  products: SandboxProduct[];
  byCode: Map<string, SandboxProduct>;
}

/** The seed's documents (also where the sandboxes read the upstream credentials). */
export const SEED_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'emulator-data', 'seed', 'firestore.json');

export function loadCatalogue(seedFile = process.env.SANDBOX_SEED_FILE ?? SEED_FILE): SandboxCatalogue {
  const documents = JSON.parse(readFileSync(seedFile, 'utf8')) as Record<string, Record<string, unknown>>;
  const byCode = new Map<string, SandboxProduct>();
  for (const [path, data] of Object.entries(documents)) {
    const match = /^project\/(main|cookstore)\/product\/([^/]+)$/.exec(path);
    if (!match || byCode.has(match[2]!)) continue;
    byCode.set(match[2]!, { ...(data as SandboxProduct), ProductCode: String(data.ProductCode ?? match[2]) });
  }
  const products = [...byCode.values()].sort((a, b) => a.ProductCode.localeCompare(b.ProductCode));
  return { products, byCode };
}
