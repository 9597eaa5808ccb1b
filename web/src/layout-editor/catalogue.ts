import { useEffect, useState } from 'react';
import { getDoc } from 'firebase/firestore';
import { productView } from '@console/shared';
import { projectDocument } from '../lib/firestore-paths';

/** A product as a layout shows it (image, name, price in BRL). */
export interface ProductCard {
  code: string;
  name: string;
  image: string;
  price: number | null;
}

export type Lookup<T> = { status: 'loading' } | { status: 'found'; value: T } | { status: 'missing' } | { status: 'error' };

/** The comma list of a ProductsComponent: trimmed codes, blanks dropped. */
export function productCodes(text: unknown): string[] {
  return typeof text === 'string'
    ? text
        .split(',')
        .map((code) => code.trim())
        .filter(Boolean)
    : [];
}

// Documents read once per editor session: a layout shows the same products and contents many times.
const cache = new Map<string, Promise<Record<string, unknown> | null>>();

function readOnce(projectId: string, collection: string, id: string): Promise<Record<string, unknown> | null> {
  const key = `${projectId}/${collection}/${id}`;
  let pending = cache.get(key);
  if (!pending) {
    pending = getDoc(projectDocument(projectId, collection, id)).then((snap) => (snap.exists() ? (snap.data() as Record<string, unknown>) : null));
    pending.catch(() => cache.delete(key));
    cache.set(key, pending);
  }
  return pending;
}

/** Forgets what was read (the editor re-opened: the catalogue or a content may have changed). */
export function clearCatalogueCache() {
  cache.clear();
}

/**
 * A product card from the product as the panel reads it (product/{code} with product-data/{code}
 * merged over it: shared productView), so the synced values and the manual overrides show.
 */
function toProduct(code: string, data: Record<string, unknown>): ProductCard {
  const name = [data.ProductSiteName, data.ProductName, data.Name].find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? code;
  const image = typeof data.ProductImage === 'string' ? data.ProductImage : '';
  return { code, name, image, price: typeof data.Price === 'number' ? data.Price : null };
}

async function readProduct(projectId: string, code: string): Promise<ProductCard | null> {
  const [product, productData] = await Promise.all([readOnce(projectId, 'product', code), readOnce(projectId, 'product-data', code)]);
  const view = productView(product, productData, code);
  return view ? toProduct(code, view) : null;
}

/** Document `id` of project/{projectId}/{collection}, read once; ids that are no document path segment are missing. */
function useDocuments<T>(projectId: string, kind: string, ids: readonly string[], read: (projectId: string, id: string) => Promise<T | null>) {
  const key = ids.join('\u0000');
  const [found, setFound] = useState<{ key: string; values: Record<string, Lookup<T>> }>({ key: '', values: {} });
  useEffect(() => {
    let active = true;
    const list = key ? key.split('\u0000') : [];
    void Promise.all(
      list.map(async (id): Promise<[string, Lookup<T>]> => {
        if (id.includes('/') || id === '.' || id === '..') return [id, { status: 'missing' }];
        try {
          const value = await read(projectId, id);
          return [id, value !== null ? { status: 'found', value } : { status: 'missing' }];
        } catch (error) {
          console.error(`Falha ao ler ${kind}/${id}`, error);
          return [id, { status: 'error' }];
        }
      }),
    ).then((entries) => {
      if (active) setFound({ key, values: Object.fromEntries(entries) });
    });
    return () => {
      active = false;
    };
    // `read` is a module function for each caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId, kind, key]);
  return (id: string): Lookup<T> => (found.key === key ? (found.values[id] ?? { status: 'loading' }) : { status: 'loading' });
}

/** Products of the project's catalogue (project/{p}/product/{code} and product-data/{code}). */
export function useCatalogueProducts(projectId: string, codes: readonly string[]) {
  return useDocuments(projectId, 'product', codes, readProduct);
}

async function readContent(projectId: string, id: string) {
  const data = await readOnce(projectId, 'content', id);
  return data ? { title: typeof data.title === 'string' ? data.title : '', layout: data.content } : null;
}

/** A content document (project/{p}/content/{id}): its title and its stored layout. */
export function useContentDocument(projectId: string, id: string) {
  const lookup = useDocuments(projectId, 'content', id ? [id] : [], readContent);
  return id ? lookup(id) : ({ status: 'missing' } as const);
}
