import { describe, expect, it } from 'vitest';
import { ADMIN_ONLY_CONFIG_DOCS, isAdminOnlyConfig } from '../access/claims.js';
import { isKnownConfigDocument } from '../access/config-documents.js';
import type { FieldDefinition } from '../fields/types.js';
import { CDLBOX_PROJECT_ID, DEFAULT_SUPER_PROJECT_ID } from '../projects.js';
import { BRAZILIAN_STATES } from './address.js';
import type { CollectionDefinition, SettingsDefinition } from './define.js';
import { ALL_COLLECTION_IDS, collectionsForProject, findCollection, findSettings, settingsForProject, projectHasTool, toolsForProject } from './registry.js';

const PROJECTS = [DEFAULT_SUPER_PROJECT_ID, CDLBOX_PROJECT_ID, 'another-store'];

/** Every field of a list, nested ones included, with a readable path. */
function* walk(fields: readonly FieldDefinition[], path = ''): Generator<[string, FieldDefinition]> {
  for (const field of fields) {
    const here = path ? `${path}.${field.name}` : field.name;
    yield [here, field];
    if (field.type === 'struct' || field.type === 'array_struct' || field.type === 'collection_doc_form') {
      yield* walk(field.fields, here);
    } else if (field.type === 'array_field') {
      yield* walk([field.of], here);
    } else if (field.type === 'array_struct_multiple') {
      for (const variant of field.variants) yield* walk(variant.fields, `${here}<${variant.value}>`);
    }
  }
}

/** Every list of sibling fields (the top level and each nested one). */
function* fieldLists(fields: readonly FieldDefinition[]): Generator<readonly FieldDefinition[]> {
  yield fields;
  for (const [, field] of walk(fields)) {
    if (field.type === 'struct' || field.type === 'array_struct' || field.type === 'collection_doc_form') {
      yield field.fields;
    }
  }
}

const definitionsOf = (projectId: string): (CollectionDefinition | SettingsDefinition)[] => [
  ...collectionsForProject(projectId),
  ...settingsForProject(projectId),
];

describe.each(PROJECTS)('the definitions of project %s', (projectId) => {
  const collections = collectionsForProject(projectId);
  const settings = settingsForProject(projectId);

  it('use each collection id once', () => {
    const ids = collections.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('use each settings document id once', () => {
    const ids = settings.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('name each field once among its siblings', () => {
    for (const definition of definitionsOf(projectId)) {
      for (const list of fieldLists(definition.fields)) {
        const keys = list.map((f) => f.mapTo ?? f.name);
        expect(new Set(keys).size, `${definition.id}: ${keys.join(', ')}`).toBe(keys.length);
      }
    }
  });

  it('give every select at least one option, each value once', () => {
    for (const definition of definitionsOf(projectId)) {
      for (const [path, field] of walk(definition.fields)) {
        if (field.type !== 'select') continue;
        const values = field.options.map((o) => o.value);
        expect(values.length, `${definition.id}.${path}`).toBeGreaterThan(0);
        expect(new Set(values).size, `${definition.id}.${path}`).toBe(values.length);
        for (const option of field.options) expect(option.label, `${definition.id}.${path}`).not.toBe('');
      }
    }
  });

  it('title every field', () => {
    for (const definition of definitionsOf(projectId)) {
      expect(definition.title).not.toBe('');
      for (const [path, field] of walk(definition.fields)) expect(field.title, `${definition.id}.${path}`).not.toBe('');
    }
  });

  it('only reference collections the project has', () => {
    const ids = new Set(collections.map((c) => c.id));
    for (const definition of definitionsOf(projectId)) {
      for (const [path, field] of walk(definition.fields)) {
        if (field.type === 'select_nested' || field.type === 'collection_doc_form' || field.type === 'collection-editor') {
          expect(ids.has(field.collection), `${definition.id}.${path} -> ${field.collection}`).toBe(true);
        }
      }
    }
  });

  it('let the operator type the id first wherever the id is user-defined', () => {
    for (const collection of collections.filter((c) => c.userDefinedId)) {
      expect(collection.fields[0], collection.id).toMatchObject({ name: 'id', type: 'text' });
    }
  });

  it('mark exactly the credential documents as admin-only', () => {
    for (const definition of settings) {
      // Every settings screen is a config document reviewed in shared/src/access/config-documents.ts.
      expect(isKnownConfigDocument(definition.id), definition.id).toBe(true);
      expect(Boolean(definition.adminOnly), definition.id).toBe(isAdminOnlyConfig(definition.id));
    }
  });

  it('find each of its definitions by id', () => {
    for (const collection of collections) expect(findCollection(projectId, collection.id)).toBe(collection);
    for (const definition of settings) expect(findSettings(projectId, definition.id)).toBe(definition);
    expect(findCollection(projectId, 'no-such-collection')).toBeUndefined();
  });
});

describe('the main store project', () => {
  const ids = collectionsForProject(DEFAULT_SUPER_PROJECT_ID).map((c) => c.id);

  it('has every set A editor, the gift campaign, the catalogue and the default block collection', () => {
    expect(ids).toEqual(
      expect.arrayContaining([
        'category',
        'category-collection',
        'rating-store',
        'carrier-pricing',
        'content',
        'course',
        'school',
        'page',
        'post',
        'post-tag',
        'search-redirect',
        'link',
        'stock',
        'stock-file',
        'stock-trade-file',
        'sales-rule',
        'layout-rule',
        'promotion-rule',
        'pricing-rule',
        'customer-credit',
        'customer-segment',
        'email-template',
        'campaign-email',
        'campaign-email-preference',
        'whatsapp-template',
        'campaign-whatsapp',
        'task',
        'product-gift',
        'product',
        'brand',
        'brand-product',
        'product-tree',
        'product-tree2',
        'product-type',
        'product-type-group',
        'customer',
        'shipping-quote',
        'popup-lead',
        'conversation',
        'block',
      ]),
    );
    expect(ids).toHaveLength(40);
  });

  it('has a settings screen for every admin-only config document', () => {
    const settingsIds = settingsForProject(DEFAULT_SUPER_PROJECT_ID).map((s) => s.id);
    expect(settingsIds).toEqual(expect.arrayContaining([...ADMIN_ONLY_CONFIG_DOCS]));
  });

  it('lists up to 1000 categories, lowest order first', () => {
    const category = findCollection(DEFAULT_SUPER_PROJECT_ID, 'category')!;
    expect(category.listLimit).toBe(1000);
    expect(category.orderBy).toEqual({ field: 'order', direction: 'asc' });
    expect(category.title).toBe('Categorias');
  });

  it('lists up to 1000 contents and courses, and 50 of anything else unless told', () => {
    expect(findCollection(DEFAULT_SUPER_PROJECT_ID, 'content')!.listLimit).toBe(1000);
    expect(findCollection(DEFAULT_SUPER_PROJECT_ID, 'course')!.listLimit).toBe(1000);
    expect(findCollection(DEFAULT_SUPER_PROJECT_ID, 'school')!.listLimit).toBe(50);
  });

  it('shows layout rules as Banners under the pricing-rule group', () => {
    expect(findCollection(DEFAULT_SUPER_PROJECT_ID, 'layout-rule')).toMatchObject({
      title: 'Banners',
      group: 'pricing-rule',
    });
  });

  it('filters products by code prefix and post tags by post', () => {
    expect(findCollection(DEFAULT_SUPER_PROJECT_ID, 'product')!.filter).toEqual({
      field: 'id',
      mode: 'prefix',
      label: 'Código do produto',
    });
    expect(findCollection(DEFAULT_SUPER_PROJECT_ID, 'post-tag')!.filter).toMatchObject({
      field: 'postId',
      mode: 'equality',
    });
    expect(findCollection(DEFAULT_SUPER_PROJECT_ID, 'customer')!.filter).toMatchObject({
      field: 'email',
      mode: 'prefix',
    });
  });

  it('replicates only the shared merchandising collections', () => {
    const replicable = collectionsForProject(DEFAULT_SUPER_PROJECT_ID)
      .filter((c) => c.replicable)
      .map((c) => c.id)
      .sort();
    expect(replicable).toEqual(
      [
        'category',
        'content',
        'page',
        'post',
        'layout-rule',
        'pricing-rule',
        'sales-rule',
        'promotion-rule',
        'email-template',
        'brand',
        'brand-product',
        'product-type',
        'link',
        'search-redirect',
      ].sort(),
    );
  });

  it('labels stock file statuses in Portuguese', () => {
    const status = findCollection(DEFAULT_SUPER_PROJECT_ID, 'stock-file')!.fields.find((f) => f.name === 'status');
    expect(status).toMatchObject({
      type: 'select',
      options: [
        { value: 'success', label: 'Concluído' },
        { value: 'queued', label: 'Fila' },
        { value: 'processing', label: 'Processando' },
      ],
    });
  });

  it('restricts the card link to belluno or asaas and pix to mercadopago or asaas', () => {
    const payment = findSettings(DEFAULT_SUPER_PROJECT_ID, 'payment')!;
    const providersOf = (method: string) => {
      const field = payment.fields.find((f) => f.name === method);
      if (field?.type !== 'struct' || field.fields[0]?.type !== 'select') throw new Error(method);
      return field.fields[0].options.map((o) => o.value);
    };
    expect(providersOf('creditCardLink')).toEqual(['belluno', 'asaas']);
    expect(providersOf('pix')).toEqual(['mercadopago', 'asaas']);
  });

  it('offers the 27 Brazilian states in the store address', () => {
    expect(new Set(BRAZILIAN_STATES).size).toBe(27);
    const store = findSettings(DEFAULT_SUPER_PROJECT_ID, 'store')!;
    const state = [...walk(store.fields)].find(([path]) => path === 'address.state')?.[1];
    expect(state?.type === 'select' && state.options.map((o) => o.value)).toEqual([...BRAZILIAN_STATES]);
  });
});

describe('a collection schema', () => {
  const product = findCollection(DEFAULT_SUPER_PROJECT_ID, 'product')!;

  it('accepts a plausible product, reading MPN from ProductCode', () => {
    const parsed = product.schema.safeParse({
      id: '10100001',
      ProductCode: '10100001',
      Company: 1,
      ProductSiteName: 'Panela de pressão 4,5 L',
      Price: 299.9,
      PriceInstallments: null,
      DimensionsUnit: 'cm',
      Stock: { 'cd-sp': { qty: 12, ProductCodeErp: 'ERP-1' } },
      Options: { canSell: true, maxInstallments: 10, splitWallets: [{ walletId: 'w1', percentage: 10 }] },
      ProductFiles: { Files: [{ FileType: 'PD', FileExtension: 'JPG', FileCDNURL: 'https://cdn/x.jpg' }] },
      upsell: [{ sku: '10100002', label: 'Tampa', type: 'accessory' }],
      createdAt: new Date(),
    });
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it('rejects text where a number belongs, however deep', () => {
    expect(product.schema.safeParse({ Price: '299,90' }).success).toBe(false);
    expect(product.schema.safeParse({ Stock: { 'cd-sp': { qty: 'doze' } } }).success).toBe(false);
    const category = findCollection(DEFAULT_SUPER_PROJECT_ID, 'category')!;
    expect(category.schema.safeParse({ title: 'Panelas', order: 'primeiro' }).success).toBe(false);
  });

  it('rejects a value outside a select', () => {
    const task = findCollection(DEFAULT_SUPER_PROJECT_ID, 'task')!;
    expect(task.schema.safeParse({ title: 'Revisar banners', status: 'todo' }).success).toBe(true);
    expect(task.schema.safeParse({ title: 'Revisar banners', status: 'later' }).success).toBe(false);
  });

  it('accepts a plausible installment plan in a payment provider', () => {
    const mercadopago = findSettings(DEFAULT_SUPER_PROJECT_ID, 'mercadopago')!;
    const document = {
      publicKey: 'APP_USR-x',
      providerBackup: 'asaas',
      installment: { minValue: 50, maxQty: 12, fees: [{ month: 12, fee: 1.99, forceFee: false }] },
    };
    expect(mercadopago.schema.safeParse(document).success).toBe(true);
    expect(mercadopago.schema.safeParse({ ...document, installment: { ...document.installment, maxQty: 'doze' } }).success).toBe(false);
  });
});

describe('the cdlbox project', () => {
  it('gets exactly product, page, stock, sales-rule and promotion-rule', () => {
    expect(collectionsForProject(CDLBOX_PROJECT_ID).map((c) => c.id)).toEqual(['product', 'page', 'stock', 'sales-rule', 'promotion-rule']);
  });

  it('has its own product screen, filtered by name prefix under the product-code label', () => {
    const product = findCollection(CDLBOX_PROJECT_ID, 'product')!;
    expect(product).not.toBe(findCollection(DEFAULT_SUPER_PROJECT_ID, 'product'));
    expect(product.filter).toEqual({ field: 'ProductSiteName', mode: 'prefix', label: 'Código do produto' });
    expect(product.fields.find((f) => f.name === 'isActiveAbout')).toMatchObject({ readOnly: true });
    expect(product.schema.safeParse({ Price: 150.5, Stock: { cdlbox: { qty: 3 } } }).success).toBe(true);
  });

  it('has no tool and no settings screen: no event feed, no product sync, no store settings', () => {
    expect(toolsForProject(CDLBOX_PROJECT_ID)).toEqual([]);
    expect(settingsForProject(CDLBOX_PROJECT_ID)).toEqual([]);
    expect(projectHasTool(CDLBOX_PROJECT_ID, 'events')).toBe(false);
    expect(toolsForProject(DEFAULT_SUPER_PROJECT_ID)).toEqual(['events', 'product-sync']);
    expect(projectHasTool('cookstore', 'product-sync')).toBe(true);
  });

  it('shares the page, stock and rule editors with the main store', () => {
    for (const id of ['page', 'stock', 'sales-rule', 'promotion-rule']) {
      expect(findCollection(CDLBOX_PROJECT_ID, id)).toBe(findCollection(DEFAULT_SUPER_PROJECT_ID, id));
    }
  });
});

describe('ALL_COLLECTION_IDS', () => {
  it('holds every collection id of every project, once', () => {
    for (const projectId of PROJECTS) {
      for (const collection of collectionsForProject(projectId)) expect(ALL_COLLECTION_IDS).toContain(collection.id);
    }
    expect(new Set(ALL_COLLECTION_IDS).size).toBe(ALL_COLLECTION_IDS.length);
  });
});
