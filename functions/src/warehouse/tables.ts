/**
 * The warehouse tables, one declaration each. Every table has the same base columns — the key
 * (project, id), `data` (the upstream record as fetched or mapped, a JSON object), `source` and
 * `fetched_at` — plus the extra columns declared here. Adding a table is one entry below.
 */
import { CUSTOMER_MIRROR_TABLES } from './customer-tables.js';
import type { ColumnKind, TableDeclaration } from './table-declaration.js';

export type { ColumnKind, TableDeclaration } from './table-declaration.js';

export const TABLES = {
  bling_products: {
    description: 'Produto do ERP (Bling); id = código do produto (SKU) no Bling.',
    columns: { account: 'string' },
  },
  tramontina_products: {
    description: 'Produto do web service do fabricante; id = código do produto.',
    columns: { company: 'string' },
  },
  tstock_stock: {
    description: 'Estoque do produto no TStock (lista paginada); id = código do produto.',
    columns: { company: 'string' },
  },
  tstock_files: {
    description: 'Arquivo de estoque baixado do TStock; id = código do arquivo (download).',
    columns: { download_url: 'string' },
  },
  franke_products: {
    description: 'Produto da loja Franke; id = código do produto.',
    columns: {},
  },
  doka_products: {
    description: 'Produto do site Doka; id = código do produto.',
    columns: {},
  },
  site_products: {
    description: 'Produto de um site de loja; id = `${site}:${código}` (siteProductId), com a coluna site.',
    columns: { site: 'string', code: 'string' },
  },
  ...CUSTOMER_MIRROR_TABLES,
} as const satisfies Record<string, TableDeclaration>;

export type TableName = keyof typeof TABLES;

export const TABLE_NAMES = Object.keys(TABLES) as TableName[];

/** The store sites share one table, so the site is part of the key. */
export function siteProductId(site: string, code: string): string {
  return `${site}:${code}`;
}

type ColumnValue<K extends ColumnKind> = K extends 'number' ? number : string;

/** The extra columns of a table as row fields (null when unknown). */
export type ExtraColumns<T extends TableName> = {
  -readonly [C in keyof (typeof TABLES)[T]['columns']]: ColumnValue<(typeof TABLES)[T]['columns'][C] & ColumnKind> | null;
};
