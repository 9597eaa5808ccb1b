// Types of the demo seed generator (scripts/seed/*.mjs), referenced from the modules' JSDoc
// (`@import { ... } from './types.js'`). Types read off the data tables and builders themselves
// (typeof / ReturnType) stay in step with them; the rest describe the catalogue's shapes.
import type { ConditionNode } from '@console/shared';
import type { CATEGORY_TREE, DESCRIPTION_BY_CATEGORY } from './catalogue.mjs';
import type { buildCustomers } from './customers.mjs';
import type { buildProduct } from './products.mjs';
import type { BRANDS, CITIES } from './reference.mjs';
import type { STOCKS } from './stores.mjs';

/** A store with a catalogue (cdlbox is built apart, by cdlbox.mjs). */
export type StoreId = 'main' | 'cookstore';
/** A Firestore timestamp as the seed files hold it. */
export interface Timestamp {
  __timestamp: string;
}
/** Documents by id (a collection) or by path. */
export type Docs = Record<string, object>;

export type BrandKey = keyof typeof BRANDS;
export type City = (typeof CITIES)[number];
export type Stock = (typeof STOCKS)[StoreId][number];
/** A category of the tree: [id, title, parent id]. */
export type CategoryRow = (typeof CATEGORY_TREE)[number];
/** The leaf categories products belong to (each has a description). */
export type ProductCategory = keyof typeof DESCRIPTION_BY_CATEGORY;

/** A product's size: a number (cm, L, pieces, ...) or a label such as '34x23 cm'. */
export type Size = number | string;
/** A product line of a family: brand, line name, material, NCM code, cost factor. */
export type ProductLineRow = [brand: BrandKey, line: string, material: string, ncm: string, costFactor: number];
/** A kind of product of a family: name template over sizes, cost at the reference size, dimensions [H, W, L, kg]. */
export interface ProductKind {
  t: (size: Size) => string;
  sizes: Size[];
  /** The size the cost is given at; null for sizes that are labels. */
  ref: number | null;
  cost: number;
  dims: [number, number, number, number];
}
export interface ProductFamily {
  category: ProductCategory;
  type: string;
  count: number;
  prefixes: string[];
  warranty: string;
  synonyms: string[];
  lines: ProductLineRow[];
  kinds: ProductKind[];
  packs?: boolean;
  small?: boolean;
  eletro?: boolean;
}
/** One entry of the shared catalogue (catalogue.mjs), from which each store builds its product. */
export interface CatalogueItem {
  code: string;
  name: string;
  brand: BrandKey;
  line: string;
  material: string;
  ncm: string;
  size: Size;
  family: ProductFamily;
  cost: number;
  dims: { Height: number; Width: number; Length: number; NetWeight: number };
  ean: string;
  createdMs: number;
  ipi: number;
  images: number;
  active: boolean;
}

/** Product fields only some products have. */
export interface ProductExtras {
  PriceNetByQty?: Record<string, { PriceNet: number; qty: number }>;
  PriceFlash?: number;
  PriceFlashInstallments?: number;
  upsell?: { sku: string; label: string; type: string }[];
  kit?: { sku: string; qty: number }[];
}
/** A product document as buildProduct makes it. */
export type Product = ReturnType<typeof buildProduct>;
/** A demo customer (its document is customerDoc(customer)). */
export type Customer = ReturnType<typeof buildCustomers>[number];

/** A condition (values.mjs `cond`): a tree node and its SQL text. */
export interface Cond {
  node: ConditionNode;
  sql: string;
}

/** A layout rule (banner) of stores.mjs: what it applies to depends on its kind. */
export type LayoutRule = { id: string; name: string; coupon: string; inactive?: boolean } & (
  { kind: 'popup' } | { kind: 'shipping'; states?: string[] } | { kind: 'price'; from: string } | { kind: 'category'; category: string }
);

/** A block of a content tree (content.mjs): one of its fields says which component it is. */
export interface ContentBlock {
  text?: string;
  className?: string;
  image?: string;
  products?: string[];
  contentId?: string;
  html?: string;
}
