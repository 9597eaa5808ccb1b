// Demo seed (index.mjs): assembly: every store's documents, keys sorted.
import { Rng } from './random.mjs';
import { DAY, MINUTE, NOW, price90, ts } from './values.mjs';
import { PROJECTS, USERS } from './reference.mjs';
import { STORE_CATALOGUE } from './catalogue.mjs';
import { buildBrands, buildCategories, buildGiftCampaigns, buildProduct, buildProductData, buildProductTypes, buildStocks } from './products.mjs';
import { buildContent, buildLinks, buildPages, buildPosts, buildSearchRedirects, buildTasks } from './content.mjs';
import { buildLayoutRules, buildPricingRules, buildPromotionRules, buildSalesRules } from './pricing.mjs';
import { buildCustomerCredits, buildCustomerSegments, buildCustomers, buildOrders, buildPopupLeads, buildRatings, customerDoc } from './customers.mjs';
import { buildCarrierPricing, buildShippingQuotes } from './shipping.mjs';
import { buildCampaigns, buildConversations, buildEmailPreferences, buildEmailTemplates, buildWhatsappTemplates } from './campaigns.mjs';
import { buildCustomerEvents } from './events.mjs';
import { buildConfig } from './settings.mjs';
import { buildCdlbox } from './cdlbox.mjs';
import { seedStorageObjects } from './storage.mjs';
import { addReadiness } from './readiness.mjs';
/** @import { Docs, StoreId } from './types.js' */

/**
 * One store's documents, by path.
 * @param {StoreId} project
 * @param {number} eventCount how many customer events to make
 */
function buildStore(project, eventCount) {
  /** @type {Docs} */
  const docs = {};
  /** @param {string} path @param {object} data */
  const put = (path, data) => {
    const full = `project/${project}/${path}`;
    if (docs[full]) throw new Error(`duplicate document ${full}`);
    docs[full] = data;
  };
  /** @param {string} collection @param {Docs} map documents by id */
  const putAll = (collection, map) => Object.entries(map).forEach(([id, data]) => put(`${collection}/${id}`, data));

  const productRng = new Rng(`${project}:products`);
  const dataRng = new Rng(`${project}:product-data`);
  const items = STORE_CATALOGUE[project];
  const products = items.map((item) => buildProduct(project, item, productRng, items));
  for (const p of products) {
    put(`product/${p.ProductCode}`, p);
    put(`product-data/${p.ProductCode}`, buildProductData(p, dataRng));
  }

  /** @param {string} section */
  const rng = (section) => new Rng(`${project}:${section}`);
  putAll('category', buildCategories(project, products, rng('category')));
  putAll('content', buildContent(project, products, rng('content')));
  putAll('page', buildPages(project, rng('page')));
  putAll('post', buildPosts(project, products, rng('post')));
  putAll('stock', buildStocks(project, rng('stock')));
  for (const [path, data] of Object.entries(buildBrands(project, products))) put(path, data);
  putAll('sales-rule', buildSalesRules(project, products));
  putAll('promotion-rule', buildPromotionRules());
  putAll('pricing-rule', buildPricingRules());
  putAll('layout-rule', buildLayoutRules(project, rng('layout-rule')));

  const customers = buildCustomers(project, rng('customer'), 30);
  for (const c of customers) put(`customer/${c.id}`, customerDoc(c));
  putAll('customer-credit', buildCustomerCredits(customers, rng('customer-credit')));
  putAll('customer-segment', buildCustomerSegments(customers));
  putAll('email-template', buildEmailTemplates(project));
  const campaigns = buildCampaigns(project, products);
  putAll('campaign-email', campaigns['campaign-email']);
  putAll('campaign-whatsapp', campaigns['campaign-whatsapp']);
  putAll('whatsapp-template', buildWhatsappTemplates(project));
  putAll('task', buildTasks(project));
  putAll('rating-store', buildRatings(project, customers, products, rng('rating-store')));
  putAll('link', buildLinks(project));
  putAll('search-redirect', buildSearchRedirects());
  putAll('carrier-pricing', buildCarrierPricing(project));
  putAll('shipping-quote', buildShippingQuotes(project, customers, products, rng('shipping-quote'), project === 'main' ? 16 : 10));
  putAll('popup-lead', buildPopupLeads(project, customers, rng('popup-lead'), project === 'main' ? 14 : 8));
  putAll('product-type', buildProductTypes());
  putAll('customer-event', buildCustomerEvents(project, customers, products, rng('customer-event'), eventCount));
  putAll('config', buildConfig(project, rng('config')));
  // Issue 15: orders (a minimal entity of our own), conversations, e-mail preferences, a gift campaign.
  putAll('order', buildOrders(project, customers, products, rng('order')));
  putAll('conversation', buildConversations(customers, rng('conversation'), rng('conversation-message')));
  putAll('campaign-email-preference', buildEmailPreferences(customers));
  putAll('product-gift', buildGiftCampaigns(products));

  if (project === 'main') {
    const staff = USERS[1];
    const changeRng = rng('product-data-changelog');
    /** @type {['Price' | 'PriceCompare' | 'Options.isFreeShipping' | 'PriceInstallments', string][]} */
    const changes = [
      ['Price', 'Ajuste para igualar concorrente no Mercado Livre'],
      ['PriceCompare', 'Preço "de" atualizado conforme tabela do fabricante'],
      ['Options.isFreeShipping', 'Campanha de frete grátis aprovada pelo comercial'],
      ['PriceInstallments', 'Parcelado igual ao à vista durante a Black Friday'],
    ];
    changes.forEach(([field, about], i) => {
      const p = products[i * 17 + 3];
      const from = field === 'Options.isFreeShipping' ? p.Options.isFreeShipping : p[field];
      const to = field === 'Options.isFreeShipping' ? !from : from === null ? price90(p.Price * 1.05) : price90(Number(from) * 0.95);
      put(`product-data-changelog/${changeRng.autoId()}`, {
        ProductCode: p.ProductCode,
        field,
        from,
        to,
        about,
        createdBy: { id: staff.uid, email: staff.email, displayName: staff.displayName, phoneNumber: null, claims: staff.claims },
        createdAt: ts(NOW - (4 - i) * DAY - changeRng.int(1, 600) * MINUTE),
      });
    });
  }
  return docs;
}

/**
 * The value with every object's keys in sorted order, at every depth (arrays keep their order).
 * @param {unknown} value
 * @returns {unknown}
 */
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const record = /** @type {Record<string, unknown>} */ (value);
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((k) => [k, sortKeys(record[k])]),
    );
  }
  return value;
}

/**
 * Every document of the seed, by path, keys sorted.
 * @param {Set<string>} knownNcm
 */
function build(knownNcm) {
  /** @type {Docs} */
  const docs = {};
  for (const [id, p] of Object.entries(PROJECTS)) docs[`project/${id}`] = { name: p.name, domains: p.domains };
  Object.assign(docs, buildStore('main', 150), buildStore('cookstore', 80), buildCdlbox());
  addReadiness(docs, knownNcm);
  for (const path of Object.keys(docs)) {
    if (path.split('/').length % 2 !== 0) throw new Error(`not a document path: ${path}`);
  }
  return /** @type {Docs} */ (sortKeys(docs));
}

/**
 * The seed's files by name, as emulator-data/seed/ holds them, and a one-line summary.
 * @param {Set<string>} knownNcm the NCM table's codes (scripts/lib/ncm-codes.mjs), for the products' readiness
 */
export function seedFiles(knownNcm) {
  const firestore = build(knownNcm);
  // One document per line: stable, reviewable diffs at a fraction of the size of full indentation.
  const lines = Object.entries(firestore).map(([path, data]) => `  ${JSON.stringify(path)}: ${JSON.stringify(data)}`);
  const objects = seedStorageObjects(firestore);
  const objectLines = Object.entries(objects).map(([path, object]) => `  ${JSON.stringify(path)}: ${JSON.stringify(object)}`);
  /** @param {string} prefix */
  const count = (prefix) => Object.keys(firestore).filter((p) => p.startsWith(prefix) && p.split('/').length === 4).length;
  return {
    files: {
      'firestore.json': `{\n${lines.join(',\n')}\n}\n`,
      'users.json': `${JSON.stringify(USERS, null, 2)}\n`,
      'storage.json': `{\n${objectLines.join(',\n')}\n}\n`,
    },
    summary:
      `seed: ${Object.keys(firestore).length} documents; products main=${count('project/main/product/')}, ` +
      `cookstore=${count('project/cookstore/product/')}, cdlbox=${count('project/cdlbox/product/')}; users=${USERS.length}; ` +
      `files=${Object.keys(objects).length}`,
  };
}
