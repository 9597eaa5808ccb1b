import type { z } from 'zod';
import type { FieldDefinition } from '../fields/types.js';
import { fieldsSchema } from '../fields/schema.js';
import { isAdminOnlyConfig } from '../access/config-documents.js';

/** Menu groups: set A's parent groups plus the catalogue group, in the menu's order (its sections). */
export const MENU_GROUPS = {
  catalog: 'Catálogo',
  category: 'Categorias',
  content: 'Conteúdo',
  stock: 'Estoque',
  'pricing-rule': 'Regras de preço',
  customer: 'Clientes',
  campaign: 'Campanhas',
} as const;
export type MenuGroup = keyof typeof MENU_GROUPS;

export interface CollectionOptions<F extends readonly FieldDefinition[]> {
  /** Firestore collection id under project/{projectId}/. */
  id: string;
  /** Title shown in the menu and the list panel (Portuguese). */
  title: string;
  /** Parent group in the console menu; none means a top-level entry. */
  group?: MenuGroup;
  fields: F;
  /** List size; 50 unless the spec says otherwise (1000 for category, content, course). */
  listLimit?: number;
  /** Order of the list; the spec's default is descending. */
  orderBy?: { field: string; direction?: 'asc' | 'desc' };
  /** Field the filter box applies to ('id' means the document id) and how. */
  filter?: { field: string; mode: 'equality' | 'prefix'; label?: string };
  /** Field shown as the entry label in the list (falls back to the id). */
  labelField?: string;
  /** The operator chooses the document id (an `id` text field in the form); else ids are generated. */
  userDefinedId?: boolean;
  /** Super-project only: may be replicated to other projects. */
  replicable?: boolean;
  /**
   * Fields only the functions write (firestore.rules refuse a client's change): a copy or 'Criar
   * registro' leaves them out, and the function computes them again for the new record.
   */
  serverFields?: readonly string[];
}

export interface CollectionDefinition<F extends readonly FieldDefinition[] = readonly FieldDefinition[]>
  extends Required<Pick<CollectionOptions<F>, 'id' | 'title' | 'fields' | 'listLimit'>>, Omit<CollectionOptions<F>, 'id' | 'title' | 'fields' | 'listLimit'> {
  kind: 'collection';
  filter: { field: string; mode: 'equality' | 'prefix'; label?: string };
  schema: z.ZodType<Record<string, unknown>>;
}

export const DEFAULT_LIST_LIMIT = 50;

export function defineCollection<const F extends readonly FieldDefinition[]>(options: CollectionOptions<F>): CollectionDefinition<F> {
  return {
    kind: 'collection',
    listLimit: DEFAULT_LIST_LIMIT,
    filter: { field: 'id', mode: 'prefix' },
    ...options,
    schema: fieldsSchema(options.fields) as z.ZodType<Record<string, unknown>>,
  };
}

export interface SettingsOptions<F extends readonly FieldDefinition[]> {
  /** Document id under project/{projectId}/config/. */
  id: string;
  title: string;
  fields: F;
}

export interface SettingsDefinition<F extends readonly FieldDefinition[] = readonly FieldDefinition[]> extends SettingsOptions<F> {
  kind: 'settings';
  /** Holds credentials: admins only. From shared/src/access/config-documents.ts, as firestore.rules. */
  adminOnly: boolean;
  schema: z.ZodType<Record<string, unknown>>;
}

export function defineSettings<const F extends readonly FieldDefinition[]>(options: SettingsOptions<F>): SettingsDefinition<F> {
  return {
    kind: 'settings',
    ...options,
    adminOnly: isAdminOnlyConfig(options.id),
    schema: fieldsSchema(options.fields) as z.ZodType<Record<string, unknown>>,
  };
}

/** Settings documents live in this collection of each project. */
export const CONFIG_COLLECTION = 'config';
