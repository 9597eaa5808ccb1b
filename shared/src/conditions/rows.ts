import { conditionAttributes, type ConditionAttribute } from './attributes.js';
import { compileCondition, type ConditionRow } from './evaluate.js';
import type { ConditionNode } from './types.js';

/**
 * Turning stored documents into the rows conditions run on. Every catalogue attribute gets a value
 * of its type or NULL (a number stored as text is read as a number; anything else of the wrong
 * type is NULL, as a typed warehouse column would load it); dates become ISO-8601 strings. The
 * source document stays underneath, so a free field (not in the catalogue) reads its stored value.
 */

const TIME_ZONE = 'America/Sao_Paulo';
const DAY_MS = 86_400_000;

type Doc = Readonly<Record<string, unknown>>;

/** An ISO-8601 string of a stored date: Date, Firestore Timestamp, `{__timestamp}`, `{seconds}` or ISO text. */
export function isoDateOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'string') {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.toDate === 'function') return isoDateOf((v.toDate as () => Date).call(v));
    if (typeof v.__timestamp === 'string') return isoDateOf(v.__timestamp);
    const seconds = typeof v.seconds === 'number' ? v.seconds : typeof v._seconds === 'number' ? v._seconds : null;
    if (seconds !== null) return new Date(seconds * 1000).toISOString();
  }
  return null;
}

export interface DateParts {
  minute: number;
  hour: number;
  day: number;
  month: number;
  /** 1 Monday … 7 Sunday. */
  weekday: number;
  year: number;
}

const partsFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  weekday: 'short',
});
const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The date parts of a moment in America/Sao_Paulo (document 3: minute 0–59 … weekday 1 Monday to 7 Sunday). */
export function datePartsOf(date: Date): DateParts {
  const p: Record<string, string> = {};
  for (const part of partsFormat.formatToParts(date)) p[part.type] = part.value;
  return {
    minute: Number(p.minute),
    hour: Number(p.hour),
    day: Number(p.day),
    month: Number(p.month),
    weekday: WEEKDAYS[p.weekday!] ?? 0,
    year: Number(p.year),
  };
}

/** Whole days between `date` and `now` in São Paulo, negative for the past: 0 today, -7 a week ago. */
export function daysAgo(date: Date, now: Date): number {
  const local = (d: Date) => {
    const p = datePartsOf(d);
    return Date.UTC(p.year, p.month - 1, p.day);
  };
  return Math.round((local(date) - local(now)) / DAY_MS);
}

function readPath(doc: Doc, name: string, parts: readonly string[]): unknown {
  const direct = doc[name];
  if (direct !== undefined || parts.length === 1) return direct;
  let v: unknown = doc;
  for (const part of parts) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

function coerce(value: unknown, attribute: ConditionAttribute): string | number | boolean | null {
  switch (attribute.type) {
    case 'number':
      if (typeof value === 'number') return Number.isFinite(value) ? value : null;
      if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
      return null;
    case 'string':
      return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'date':
      return isoDateOf(value);
  }
}

interface Accessor {
  attribute: ConditionAttribute;
  /** The name read in the source (without the prefix), and its parts. */
  name: string;
  parts: string[];
}
const accessorCache = new WeakMap<readonly ConditionAttribute[], Map<string, Accessor[]>>();

function accessors(attributes: readonly ConditionAttribute[], prefix: string): Accessor[] {
  let byPrefix = accessorCache.get(attributes);
  if (!byPrefix) accessorCache.set(attributes, (byPrefix = new Map()));
  let list = byPrefix.get(prefix);
  if (!list) {
    list = attributes
      .filter((a) => a.name.startsWith(prefix))
      .map((attribute) => {
        const name = attribute.name.slice(prefix.length);
        return { attribute, name, parts: name.split('.') };
      });
    byPrefix.set(prefix, list);
  }
  return list;
}

/**
 * A row of catalogue attributes read from `source` (by attribute name). The source is the row's
 * prototype, not copied, so a free field reads the stored value and building 10,000 rows stays cheap.
 */
function typedRow(source: Doc, attributes: readonly ConditionAttribute[], prefix = ''): Record<string, unknown> {
  const row = Object.create(source) as Record<string, unknown>;
  for (const { attribute, name, parts } of accessors(attributes, prefix)) {
    row[attribute.name] = coerce(readPath(source, name, parts), attribute);
  }
  return row;
}

function stockQty(product: Doc): number | null {
  const stock = product.Stock;
  if (!stock || typeof stock !== 'object') return null;
  let total = 0;
  for (const entry of Object.values(stock as Record<string, unknown>)) {
    const qty = entry && typeof entry === 'object' ? (entry as { qty?: unknown }).qty : null;
    if (typeof qty === 'number' && Number.isFinite(qty)) total += qty;
  }
  return total;
}

const productCatalogue = conditionAttributes('product');

/** The row of a product document (project/{p}/product/{code}) for product conditions. */
export function productConditionRow(product: Doc): ConditionRow {
  const row = typedRow(product, productCatalogue);
  row.stockQty = stockQty(product);
  return row;
}

/** A product's attributes under `product.` (layout and customer rows), or all NULL without one. */
function productPart(product: Doc | null | undefined): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const typed = product ? productConditionRow(product) : {};
  for (const a of productCatalogue) row[PRODUCT_KEYS.get(a.name)!] = (typed as Record<string, unknown>)[a.name] ?? null;
  return row;
}
const PRODUCT_KEYS = new Map(productCatalogue.map((a) => [a.name, `product.${a.name}`]));

function datePart(date: Date | null, now?: Date): Record<string, number | null> {
  const parts = date ? datePartsOf(date) : null;
  const row: Record<string, number | null> = {
    'date.minute': parts?.minute ?? null,
    'date.hour': parts?.hour ?? null,
    'date.day': parts?.day ?? null,
    'date.month': parts?.month ?? null,
    'date.weekday': parts?.weekday ?? null,
    'date.year': parts?.year ?? null,
  };
  if (now) row['date.daysAgo'] = date ? daysAgo(date, now) : null;
  return row;
}

/** What the site knows at one page view, for layout (banner) rules. */
export interface LayoutContext {
  /** The moment (default now); its parts are taken in America/Sao_Paulo. */
  date?: Date;
  customer?: { id?: string | null; email?: string | null } | null;
  ip?: { region?: string | null; city?: string | null } | null;
  shipping?: { zipcode?: string | null; region?: string | null } | null;
  event?: { name?: string | null; url?: string | null } | null;
  /** The product on screen (a product document). */
  product?: Doc | null;
}

export function layoutConditionRow(context: LayoutContext): ConditionRow {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    ...datePart(context.date ?? new Date()),
    'customer.id': text(context.customer?.id),
    'customer.email': text(context.customer?.email),
    'ip.region': text(context.ip?.region),
    'ip.city': text(context.ip?.city),
    'shipping.zipcode': text(context.shipping?.zipcode),
    'shipping.region': text(context.shipping?.region),
    'event.name': text(context.event?.name),
    'event.url': text(context.event?.url),
    ...productPart(context.product),
  };
}

/** A customer and what it did: the inputs of customer-segment conditions. */
export interface CustomerActivity {
  /** project/{p}/customer/{id} */
  customer: Doc;
  /** project/{p}/customer-event documents of this customer (action, location.url, ProductCode, createdAt...). */
  events?: readonly Doc[];
  /** project/{p}/shipping-quote documents of this customer. */
  quotes?: readonly Doc[];
  /**
   * Purchases: {id, total, createdAt, items: [{ProductCode | sku | id, qty}]}. The seed has no order
   * collection (its purchases are `purchase` events), so this is for callers that read orders.
   */
  purchases?: readonly Doc[];
}

/** Looks a product up by code, for the `product.*` attributes of events, quotes and purchases. */
export type ProductLookup = (code: string) => Doc | null | undefined;

const customerCatalogue = conditionAttributes('customer');

/**
 * The rows a customer-segment condition runs on — the decision for issue 12 and the segments:
 *
 * - one row per event (`event.*`, the event's product as `product.*`, its date as `date.*`),
 * - one row per shipping quote (`quote.*`, the quoted product, the quote's date),
 * - one row per purchased item (`purchase.*`, the item's product, the purchase's date),
 * - and, when the customer has none of these, one row of the customer alone,
 *
 * every row carrying `customer.*`; the parts a row does not have are NULL (a UNION ALL of LEFT
 * JOINs in SQL). A customer MATCHES a condition when ANY of its rows evaluates to TRUE — SQL's
 * `EXISTS (SELECT 1 FROM customer_rows r WHERE r.customer.id = c.id AND (<sql>))`. So
 * `event.name = 'purchase' AND product.category = 'x'` asks for one purchase event of a product
 * of category x, not a purchase and, separately, some event about x.
 *
 * `customer.state` is the customer's address state when stored, else the state of its most
 * recent event (zipcode, then IP). `date.daysAgo` counts São Paulo days from `now` (-7 = a week ago).
 */
export function customerConditionRows(activity: CustomerActivity, options: { now?: Date; product?: ProductLookup } = {}): ConditionRow[] {
  const now = options.now ?? new Date();
  const lookup = options.product ?? (() => null);
  const { customer } = activity;
  const events = activity.events ?? [];
  const base = customerPart(customer, events);
  const rows: ConditionRow[] = [];
  const at = (v: unknown) => {
    const iso = isoDateOf(v);
    return iso ? new Date(iso) : null;
  };
  for (const e of events) {
    const code = typeof e.ProductCode === 'string' ? e.ProductCode : null;
    const about = (e.about ?? {}) as Doc;
    const device = ((e.device ?? {}) as Doc).device as Doc | undefined;
    const location = (e.location ?? {}) as Doc;
    rows.push({
      ...base,
      'event.name': str(e.action ?? e.name),
      'event.url': str(location.url ?? e.url),
      'event.search': str(e.search),
      'event.zipcode': str(e.zipcode),
      'event.zipcodeRegion': str(e.zipcodeRegion),
      'event.ipRegion': str(about.ipRegion),
      'event.ipCity': str(about.ipCity),
      'event.device': str(device?.type),
      'event.createdAt': isoDateOf(e.createdAt),
      ...datePart(at(e.createdAt), now),
      ...productPart(code ? lookup(code) : null),
    });
  }
  for (const q of activity.quotes ?? []) {
    const method = (q.shippingMethod ?? {}) as Doc;
    const code = str(q.productId);
    rows.push({
      ...base,
      'quote.zipcode': str(q.zipcode),
      'quote.origin': str(q.origin),
      'quote.qty': num(q.qty),
      'quote.shippingPrice': num(method.ShippingPrice ?? method.OriginalShippingPrice),
      'quote.carrier': str(method.Carrier),
      'quote.deliveryTime': num(method.maxDeliveryTime ?? method.OriginalDeliveryTime),
      ...datePart(at(q.createdAt), now),
      ...productPart(code ? lookup(code) : null),
    });
  }
  for (const p of activity.purchases ?? []) {
    const items = Array.isArray(p.items) && p.items.length > 0 ? (p.items as Doc[]) : [{}];
    for (const item of items) {
      const code = str(item.ProductCode ?? item.sku ?? item.id);
      rows.push({
        ...base,
        'purchase.id': str(p.id),
        'purchase.total': num(p.total),
        'purchase.qty': num(item.qty),
        ...datePart(at(p.createdAt), now),
        ...productPart(code ? lookup(code) : null),
      });
    }
  }
  if (rows.length === 0) rows.push({ ...base, ...datePart(null, now), ...productPart(null) });
  return rows;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
}
function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function customerPart(customer: Doc, events: readonly Doc[]): Record<string, unknown> {
  // Own properties only: the rows spread this, leaving the inherited source behind.
  const row = { ...typedRow(customer, customerCatalogue, 'customer.') };
  const address = (customer.address ?? {}) as Doc;
  let state = str(address.state) ?? str(customer.state);
  if (!state) {
    const latest = [...events].sort((a, b) => (isoDateOf(b.createdAt) ?? '').localeCompare(isoDateOf(a.createdAt) ?? ''))[0];
    state = latest ? (str(latest.zipcodeRegion) ?? str(((latest.about ?? {}) as Doc).ipRegion)) : null;
  }
  row['customer.state'] = state;
  return row;
}

/**
 * A customer-segment condition ready to test many customers: a customer matches when any of its
 * rows evaluates TRUE (see customerConditionRows). Compile once per condition.
 */
export function compileCustomerCondition(map: ConditionNode): (activity: CustomerActivity, options?: { now?: Date; product?: ProductLookup }) => boolean {
  const test = compileCondition(map);
  return (activity, options = {}) => customerConditionRows(activity, options).some((row) => test(row) === true);
}

/** Whether one customer matches `map` (compileCustomerCondition for many). */
export function customerMatchesCondition(map: ConditionNode, activity: CustomerActivity, options: { now?: Date; product?: ProductLookup } = {}): boolean {
  return compileCustomerCondition(map)(activity, options);
}
