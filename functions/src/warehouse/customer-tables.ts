import { PRODUCT_FACT_NAMES, conditionAttributes, type ConditionAttribute, type ProductFactName } from '@console/shared';
import type { ColumnKind, TableDeclaration } from './table-declaration.js';

/**
 * The mirror of the store's customers and their history (issue 31): one table per Firestore
 * collection, one row per document, kept by the `warehouseMirror` triggers
 * (functions/src/customer-warehouse/). Beside the document (`data`), each row holds the values the
 * segment conditions read, already typed as the condition core types them (rows.ts of
 * shared/src/conditions), one column per catalogue attribute: `customer.firstName` is the column
 * `customer__firstName`. Booleans are 1/0 (the warehouse columns are text or numbers), dates
 * ISO-8601 text. Every row carries `update_time_us` (the document's update time, or the delete's)
 * and `deleted` (1 for a tombstone): a write older than the stored one changes nothing.
 */

/** The column of a catalogue attribute: dots become double underscores. */
export function attributeColumn(name: string): string {
  return name.replaceAll('.', '__');
}

const KIND: Record<ConditionAttribute['type'], ColumnKind> = { string: 'string', date: 'string', number: 'number', boolean: 'number' };

function attributeColumns(prefix: string): Record<string, ColumnKind> {
  return Object.fromEntries(
    conditionAttributes('customer')
      .filter((a) => a.name.startsWith(prefix))
      .map((a) => [attributeColumn(a.name), KIND[a.type]]),
  );
}

/** The product attributes (`Price`, `Options.canSell`), as the product table's columns. */
export const PRODUCT_ATTRIBUTES = conditionAttributes('product');

const MIRROR_COLUMNS = { update_time_us: 'number', deleted: 'number' } as const;

/** The readiness facts table's column of a fact: descriptionLength → description_length. */
export function factColumn(fact: ProductFactName): string {
  return fact.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

const TEXT_FACTS = new Set<ProductFactName>(['title', 'brand', 'category', 'gtin', 'ncm', 'cest', 'origin']);

/** Each readiness fact's column and kind (shared/src/readiness/facts.ts). */
export const PRODUCT_FACT_COLUMNS: readonly (readonly [string, ColumnKind])[] = PRODUCT_FACT_NAMES.map(
  (fact) => [factColumn(fact), TEXT_FACTS.has(fact) ? 'string' : 'number'] as const,
);
const DATE_COLUMNS = { ...attributeColumns('date.'), sp_day: 'number' } as Record<string, ColumnKind>;
delete DATE_COLUMNS.date__daysAgo; // from sp_day and the query's day

export const CUSTOMER_MIRROR_TABLES = {
  customers: {
    description: 'Cliente (project/{p}/customer); id = id do documento.',
    columns: {
      ...attributeColumns('customer.'),
      // customer.state is the address's, else the latest event's: the query takes the event's.
      own_state: 'string',
      member_email: 'string',
      member_phone: 'string',
      member_first_name: 'string',
      member_last_name: 'string',
      email_key: 'string',
      ...MIRROR_COLUMNS,
    } as Readonly<Record<string, ColumnKind>>,
  },
  customer_events: {
    description: 'Evento de cliente (project/{p}/customer-event); id = id do documento.',
    columns: {
      customer_id: 'string',
      ...attributeColumns('event.'),
      ...DATE_COLUMNS,
      product_code: 'string',
      state_hint: 'string',
      ...MIRROR_COLUMNS,
    } as Readonly<Record<string, ColumnKind>>,
  },
  shipping_quotes: {
    description: 'Cotação de frete (project/{p}/shipping-quote); id = id do documento (o do cliente).',
    columns: { customer_id: 'string', ...attributeColumns('quote.'), ...DATE_COLUMNS, product_code: 'string', ...MIRROR_COLUMNS } as Readonly<
      Record<string, ColumnKind>
    >,
  },
  orders: {
    description: 'Pedido (project/{p}/order); id = id do documento; items = JSON [{code, qty}].',
    columns: {
      customer_id: 'string',
      cancelled: 'number',
      purchase__id: 'string',
      purchase__total: 'number',
      ...DATE_COLUMNS,
      items: 'string',
      ...MIRROR_COLUMNS,
    } as Readonly<Record<string, ColumnKind>>,
  },
  products: {
    description: 'Produto (project/{p}/product), para os atributos product.* dos segmentos; id = id do documento.',
    columns: {
      lookup_code: 'string',
      ...Object.fromEntries(PRODUCT_ATTRIBUTES.map((a) => [attributeColumn(a.name), KIND[a.type]])),
      ...MIRROR_COLUMNS,
    } as Readonly<Record<string, ColumnKind>>,
  },
  product_facts: {
    description: 'Fatos de prontidão de um produto como o painel o lê (catálogo + dados sincronizados), functions/src/readiness; id = código do produto.',
    columns: { ...Object.fromEntries(PRODUCT_FACT_COLUMNS), ...MIRROR_COLUMNS } as Readonly<Record<string, ColumnKind>>,
  },
} as const satisfies Record<string, TableDeclaration>;

export type MirrorTableName = keyof typeof CUSTOMER_MIRROR_TABLES;
export const MIRROR_TABLE_NAMES = Object.keys(CUSTOMER_MIRROR_TABLES) as MirrorTableName[];

export function isMirrorTable(table: string): table is MirrorTableName {
  return Object.hasOwn(CUSTOMER_MIRROR_TABLES, table);
}
