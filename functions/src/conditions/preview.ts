import type { Firestore } from 'firebase-admin/firestore';
import {
  checkCondition,
  compileCondition,
  customerConditionRows,
  productConditionRow,
  type ConditionNode,
  type ConditionPreviewResponse,
  type ConditionPreviewSample,
} from '@console/shared';

type Doc = Record<string, unknown>;

/**
 * Collections read for previews are kept for a few seconds per instance: an operator typing a
 * rule sends a preview per pause, and re-reading 10,000 products each time would cost more than
 * evaluating them. A write shows up after at most CACHE_MS.
 */
const CACHE_MS = 15_000;
const cache = new Map<string, { at: number; docs: Promise<Doc[]> }>();

function readCollection(db: Firestore, project: string, collection: string): Promise<Doc[]> {
  const key = `${project}/${collection}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.docs;
  const docs = db
    .collection(`project/${project}/${collection}`)
    .get()
    .then((snap) => snap.docs.map((d) => ({ id: d.id, ...d.data() })));
  docs.catch(() => cache.delete(key));
  cache.set(key, { at: Date.now(), docs });
  return docs;
}

export class ConditionPreviewError extends Error {}

/** Products of `project` matching `map`: count, total and the first `sampleSize` (code, name, price). */
export async function previewProducts(db: Firestore, project: string, map: ConditionNode, sampleSize: number): Promise<ConditionPreviewResponse> {
  assertWellTyped(map, 'product');
  const products = await readCollection(db, project, 'product');
  const started = performance.now();
  const test = compileCondition(map);
  const sample: ConditionPreviewSample[] = [];
  let matched = 0;
  for (const product of products) {
    if (test(productConditionRow(product)) !== true) continue;
    matched++;
    if (sample.length < sampleSize) {
      sample.push({
        id: String(product.id),
        code: typeof product.ProductCode === 'string' ? product.ProductCode : String(product.id),
        name: typeof product.ProductSiteName === 'string' ? product.ProductSiteName : null,
        price: typeof product.Price === 'number' ? product.Price : null,
      });
    }
  }
  return { matched, total: products.length, sample, evaluationMs: performance.now() - started };
}

/**
 * Customers of `project` matching `map`, each with its events and shipping quotes and the
 * products they name (customerConditionRows: a customer matches when any of its rows does).
 */
export async function previewCustomers(
  db: Firestore,
  project: string,
  map: ConditionNode,
  sampleSize: number,
  now = new Date(),
): Promise<ConditionPreviewResponse> {
  assertWellTyped(map, 'customer');
  const [customers, events, quotes, products] = await Promise.all([
    readCollection(db, project, 'customer'),
    readCollection(db, project, 'customer-event'),
    readCollection(db, project, 'shipping-quote'),
    readCollection(db, project, 'product'),
  ]);
  const started = performance.now();
  const byCustomer = <T extends Doc>(docs: T[], key: (d: T) => unknown) => {
    const map = new Map<string, T[]>();
    for (const d of docs) {
      const id = key(d);
      if (typeof id !== 'string') continue;
      map.set(id, [...(map.get(id) ?? []), d]);
    }
    return map;
  };
  const eventsOf = byCustomer(events, (e) => e.customerId);
  // A shipping quote's id is its customer's (document 2 §3 "Shipping-quote").
  const quotesOf = byCustomer(quotes, (q) => q.customerId ?? q.id);
  const productByCode = new Map(products.map((p) => [String(p.ProductCode ?? p.id), p]));
  const test = compileCondition(map);
  const sample: ConditionPreviewSample[] = [];
  let matched = 0;
  for (const customer of customers) {
    const id = String(customer.id);
    const rows = customerConditionRows({ customer, events: eventsOf.get(id), quotes: quotesOf.get(id) }, { now, product: (code) => productByCode.get(code) });
    if (!rows.some((row) => test(row) === true)) continue;
    matched++;
    if (sample.length < sampleSize) {
      const name = [customer.firstName, customer.lastName].filter((s) => typeof s === 'string' && s).join(' ');
      sample.push({ id, code: typeof customer.email === 'string' ? customer.email : null, name: name || null });
    }
  }
  return { matched, total: customers.length, sample, evaluationMs: performance.now() - started };
}

/**
 * A tree the preview can run: well typed, within the limits (limits.ts) and naming only fields of
 * the catalogue — the rows carry nothing else, so an unknown field would silently match nobody.
 */
function assertWellTyped(map: ConditionNode, context: 'product' | 'customer') {
  const [issue] = checkCondition(map, context, { knownFieldsOnly: true });
  if (issue) throw new ConditionPreviewError(issue.message);
}
