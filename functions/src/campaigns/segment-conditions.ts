import type { Firestore } from 'firebase-admin/firestore';
import { checkCondition, compileCondition, conditionValueSchema, customerConditionRows, PROJECT_COLLECTION, type ConditionRow } from '@console/shared';
import { PermanentSendError } from './send-channel.js';

type Doc = Record<string, unknown>;

/**
 * Evaluates a segment's conditions with the condition core (shared/src/conditions, issue 12) over
 * the project's customers with their events, shipping quotes and purchases (orders): each
 * customer's rows are built once, each condition compiled once, and a customer matches a
 * condition when any of its rows is TRUE. Answers, per condition object, the matching customer ids.
 */
export async function matchSegmentConditions(
  firestore: Firestore,
  project: string,
  conditions: readonly unknown[],
  now = new Date(),
): Promise<Map<unknown, Set<string>>> {
  const compiled = conditions.map((condition, i) => {
    const parsed = conditionValueSchema.safeParse(condition);
    if (!parsed.success) throw new PermanentSendError(`Condição ${i + 1} do segmento é inválida.`);
    const [issue] = checkCondition(parsed.data.map, 'customer');
    if (issue) throw new PermanentSendError(`Condição "${parsed.data.sql}": ${issue.message}`);
    return { condition, test: compileCondition(parsed.data.map) };
  });
  const read = async (collection: string) =>
    (await firestore.collection(`${PROJECT_COLLECTION}/${project}/${collection}`).get()).docs.map((d) => ({ id: d.id, ...d.data() }) as Doc);
  const [customers, events, quotes, products, orders] = (await Promise.all(
    ['customer', 'customer-event', 'shipping-quote', 'product', 'order'].map(read),
  )) as Doc[][];
  const group = (docs: Doc[], key: (d: Doc) => unknown) => {
    const map = new Map<string, Doc[]>();
    for (const d of docs) {
      const id = key(d);
      if (typeof id === 'string') map.set(id, [...(map.get(id) ?? []), d]);
    }
    return map;
  };
  const eventsOf = group(events!, (e) => e.customerId);
  // A shipping quote's id is its customer's (document 2 §3).
  const quotesOf = group(quotes!, (q) => q.customerId ?? q.id);
  const ordersOf = group(
    orders!.filter((o) => o.status !== 'cancelled'),
    (o) => o.customerId,
  );
  const productByCode = new Map(products!.map((p) => [String(p.ProductCode ?? p.id), p]));
  const matches = new Map<unknown, Set<string>>(compiled.map((c) => [c.condition, new Set<string>()]));
  for (const customer of customers!) {
    const id = String(customer.id);
    const rows: ConditionRow[] = customerConditionRows(
      { customer, events: eventsOf.get(id), quotes: quotesOf.get(id), purchases: ordersOf.get(id) },
      { now, product: (code) => productByCode.get(code) },
    );
    for (const { condition, test } of compiled) if (rows.some((row) => test(row) === true)) matches.get(condition)!.add(id);
  }
  return matches;
}
