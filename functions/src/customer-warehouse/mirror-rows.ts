import { customerConditionRows, daysAgo, isoDateOf, productConditionRow, type ConditionRow } from '@console/shared';
import { attributeColumn, CUSTOMER_MIRROR_TABLES, PRODUCT_ATTRIBUTES, type MirrorTableName } from '../warehouse/customer-tables.js';
import type { WarehouseRow } from '../warehouse/warehouse.js';

/**
 * A Firestore document as its mirror row (customer-tables.ts). The typed values come from the
 * condition core's own row builder (customerConditionRows, productConditionRow), run on the one
 * document, so the warehouse holds exactly what today's JavaScript evaluator reads: the segment
 * query and the evaluator cannot drift apart on coercions (a number stored as text, a Timestamp,
 * an empty string). What depends on more than one document is left to the query: the customer's
 * state from their latest event, `date.daysAgo` from today (`sp_day`), the product of a code.
 */

type Doc = Record<string, unknown>;

/** The Firestore collection each mirror table follows (under project/{p}/). */
export const MIRRORED_COLLECTIONS = {
  customer: 'customers',
  'customer-event': 'customer_events',
  'shipping-quote': 'shipping_quotes',
  order: 'orders',
  product: 'products',
} as const satisfies Record<string, MirrorTableName>;

export type MirroredCollection = keyof typeof MIRRORED_COLLECTIONS;

/** The day `sp_day` counts from: date.daysAgo = sp_day(event) − sp_day(today). */
const DAY_ZERO = new Date('2000-01-01T12:00:00Z');

/** São Paulo's calendar day of a moment, as whole days since 2000-01-01. */
export function spDay(date: Date): number {
  return daysAgo(date, DAY_ZERO);
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
}
function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** A stored value as a warehouse column: booleans 1/0, anything else of no column type NULL. */
function column(value: unknown): string | number | null {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return null;
}

function attributes(row: ConditionRow, prefix: string): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const [name, value] of Object.entries(row)) if (name.startsWith(prefix)) out[attributeColumn(name)] = column(value);
  return out;
}

function dateColumns(row: ConditionRow, at: unknown): Record<string, string | number | null> {
  const { date__daysAgo: _, ...parts } = attributes(row, 'date.');
  const iso = isoDateOf(at);
  return { ...parts, sp_day: iso ? spDay(new Date(iso)) : null };
}

/** The document as JSON can hold it (Timestamps as ISO text), for the row's `data`. */
export function jsonSafe(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (typeof value === 'object') {
    const iso = (value as { toDate?: unknown }).toDate ? isoDateOf(value) : null;
    if (iso) return iso;
    if (value instanceof Date) return isoDateOf(value);
    if (typeof (value as { latitude?: unknown }).latitude === 'number') return { ...(value as object) };
    if ((value as { path?: unknown; firestore?: unknown }).firestore && typeof (value as { path?: unknown }).path === 'string')
      return (value as { path: string }).path;
    return Object.fromEntries(Object.entries(value as Doc).map(([k, v]) => [k, jsonSafe(v)]));
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  if (typeof value === 'bigint') return Number(value);
  return value;
}

type Extras = Record<string, string | number | null>;

/** The typed columns of a document of `collection` (its `id` is the document id). */
export function mirrorColumns(collection: MirroredCollection, id: string, data: Doc): Extras {
  const doc: Doc = { id, ...data };
  switch (collection) {
    case 'customer': {
      const [row] = customerConditionRows({ customer: doc });
      const email = text(doc.email);
      const { customer__state: ownState, ...customer } = attributes(row!, 'customer.');
      return {
        ...customer,
        own_state: ownState ?? null,
        member_email: email,
        member_phone: text(doc.phoneNumber),
        member_first_name: text(doc.firstName),
        member_last_name: text(doc.lastName),
        email_key: email ? email.toLowerCase() : null,
      };
    }
    case 'customer-event': {
      const [row] = customerConditionRows({ customer: {}, events: [doc] }, { now: DAY_ZERO });
      const about = (doc.about ?? {}) as Doc;
      return {
        customer_id: typeof doc.customerId === 'string' ? doc.customerId : null,
        ...attributes(row!, 'event.'),
        ...dateColumns(row!, doc.createdAt),
        product_code: typeof doc.ProductCode === 'string' && doc.ProductCode ? doc.ProductCode : null,
        state_hint: str(doc.zipcodeRegion) ?? str(about.ipRegion),
      };
    }
    case 'shipping-quote': {
      const [row] = customerConditionRows({ customer: {}, quotes: [doc] }, { now: DAY_ZERO });
      // A shipping quote's id is its customer's (document 2 §3).
      const owner = doc.customerId ?? doc.id;
      return {
        customer_id: typeof owner === 'string' ? owner : null,
        ...attributes(row!, 'quote.'),
        ...dateColumns(row!, doc.createdAt),
        product_code: str(doc.productId),
      };
    }
    case 'order': {
      const [row] = customerConditionRows({ customer: {}, purchases: [doc] }, { now: DAY_ZERO });
      const items = Array.isArray(doc.items) && doc.items.length > 0 ? (doc.items as Doc[]) : [{}];
      return {
        customer_id: typeof doc.customerId === 'string' ? doc.customerId : null,
        cancelled: doc.status === 'cancelled' ? 1 : 0,
        purchase__id: str(doc.id),
        purchase__total: num(doc.total),
        ...dateColumns(row!, doc.createdAt),
        items: JSON.stringify(
          items.map((item) => {
            const it = (item && typeof item === 'object' ? item : {}) as Doc;
            return { code: str(it.ProductCode ?? it.sku ?? it.id), qty: num(it.qty) };
          }),
        ),
      };
    }
    case 'product': {
      const row = productConditionRow(doc);
      return {
        lookup_code: String(doc.ProductCode ?? doc.id),
        ...Object.fromEntries(PRODUCT_ATTRIBUTES.map((a) => [attributeColumn(a.name), column(row[a.name])])),
      };
    }
  }
}

/** Every column of a table NULL: a tombstone's. */
function nullColumns(table: MirrorTableName): Extras {
  return Object.fromEntries(Object.keys(CUSTOMER_MIRROR_TABLES[table].columns).map((c) => [c, null]));
}

export interface MirrorWrite {
  project: string;
  collection: MirroredCollection;
  id: string;
  /** The document after the write; undefined for a delete. */
  data: Doc | undefined;
  /** The document's update time (a write) or the delete's time, in microseconds (two writes in one millisecond stay ordered). */
  updateTimeUs: number;
}

/** The mirror row of one write: the document's columns, or a tombstone for a delete. */
export function mirrorRow(write: MirrorWrite, mirroredAt = new Date()): WarehouseRow<MirrorTableName> {
  const table = MIRRORED_COLLECTIONS[write.collection];
  const columns = write.data ? mirrorColumns(write.collection, write.id, write.data) : {};
  return {
    project: write.project,
    id: write.id,
    data: write.data ? (jsonSafe(write.data) as Doc) : {},
    source: 'firestore',
    fetchedAt: mirroredAt.toISOString(),
    ...nullColumns(table),
    ...columns,
    update_time_us: write.updateTimeUs,
    deleted: write.data ? 0 : 1,
  } as unknown as WarehouseRow<MirrorTableName>;
}
