import { CDLBOX_PROJECT_ID } from '../projects.js';
import type { CollectionDefinition, SettingsDefinition } from './define.js';

import { campaignEmail } from './store/campaign-email.js';
import { campaignEmailPreference } from './store/campaign-email-preference.js';
import { campaignWhatsapp } from './store/campaign-whatsapp.js';
import { carrierPricing } from './store/carrier-pricing.js';
import { category } from './store/category.js';
import { categoryCollection } from './store/category-collection.js';
import { content } from './store/content.js';
import { block } from './store/block.js';
import { course } from './store/course.js';
import { customerCredit } from './store/customer-credit.js';
import { customerSegment } from './store/customer-segment.js';
import { emailTemplate } from './store/email-template.js';
import { layoutRule } from './store/layout-rule.js';
import { link } from './store/link.js';
import { page } from './store/page.js';
import { post } from './store/post.js';
import { postTag } from './store/post-tag.js';
import { pricingRule } from './store/pricing-rule.js';
import { productGift } from './store/product-gift.js';
import { promotionRule } from './store/promotion-rule.js';
import { ratingStore } from './store/rating-store.js';
import { salesRule } from './store/sales-rule.js';
import { school } from './store/school.js';
import { searchRedirect } from './store/search-redirect.js';
import { stock } from './store/stock.js';
import { stockFile } from './store/stock-file.js';
import { stockTradeFile } from './store/stock-trade-file.js';
import { task } from './store/task.js';
import { whatsappTemplate } from './store/whatsapp-template.js';

import { brand } from './store/brand.js';
import { brandProduct } from './store/brand-product.js';
import { conversation } from './store/conversation.js';
import { customer } from './store/customer.js';
import { popupLead } from './store/popup-lead.js';
import { product } from './store/product.js';
import { productTree } from './store/product-tree.js';
import { productTree2 } from './store/product-tree2.js';
import { productType } from './store/product-type.js';
import { productTypeGroup } from './store/product-type-group.js';
import { shippingQuote } from './store/shipping-quote.js';

import { amazonSettings } from './settings/amazon.js';
import { asaasSettings } from './settings/asaas.js';
import { bellunoSettings } from './settings/belluno.js';
import { blingSettings } from './settings/bling.js';
import { blogSettings } from './settings/blog.js';
import { bunnySettings } from './settings/bunny.js';
import { checkoutSettings } from './settings/checkout.js';
import { consoleauthgoogleSettings } from './settings/consoleauthgoogle.js';
import { conversationSettings } from './settings/conversation.js';
import { customerioSettings } from './settings/customerio.js';
import { erpSettings } from './settings/erp.js';
import { readinessSettings } from './settings/readiness.js';
import { expoSettings } from './settings/expo.js';
import { frenetSettings } from './settings/frenet.js';
import { googleadsSettings } from './settings/googleads.js';
import { googleanalyticsSettings } from './settings/googleanalytics.js';
import { hotjarSettings } from './settings/hotjar.js';
import { kanguSettings } from './settings/kangu.js';
import { layoutSettings } from './settings/layout.js';
import { mercadopagoSettings } from './settings/mercadopago.js';
import { metaadsSettings } from './settings/metaads.js';
import { pagaleveSettings } from './settings/pagaleve.js';
import { paymentSettings } from './settings/payment.js';
import { paymentCustomSettings } from './settings/payment-custom.js';
import { sendgridSettings } from './settings/sendgrid.js';
import { shippingSettings } from './settings/shipping.js';
import { storeSettings } from './settings/store.js';
import { tramontinaSettings } from './settings/tramontina.js';
import { wabaSettings } from './settings/waba.js';

import { cdlboxProduct } from './cdlbox/product.js';

/** Set A of document 3, with the gift campaign editor, in the order of its screen table. */
export const STORE_EDITOR_COLLECTIONS: readonly CollectionDefinition[] = [
  category,
  categoryCollection,
  ratingStore,
  carrierPricing,
  content,
  course,
  school,
  page,
  post,
  postTag,
  searchRedirect,
  link,
  stock,
  stockFile,
  stockTradeFile,
  salesRule,
  layoutRule,
  promotionRule,
  pricingRule,
  customerCredit,
  customerSegment,
  emailTemplate,
  campaignEmail,
  campaignEmailPreference,
  whatsappTemplate,
  campaignWhatsapp,
  task,
  productGift,
  block,
];

/** Catalogue and customer entities of document 2 §3. */
export const CATALOG_COLLECTIONS: readonly CollectionDefinition[] = [
  product,
  brand,
  brandProduct,
  productTree,
  productTree2,
  productType,
  productTypeGroup,
  customer,
  shippingQuote,
  popupLead,
  conversation,
];

export const STORE_COLLECTIONS: readonly CollectionDefinition[] = [...STORE_EDITOR_COLLECTIONS, ...CATALOG_COLLECTIONS];

/** Set C: cdlbox's own product screen; page, stock and the two rule editors are the store's own. */
export const CDLBOX_COLLECTIONS: readonly CollectionDefinition[] = [cdlboxProduct, page, stock, salesRule, promotionRule];

/** Set B with document 2's fuller field lists. */
export const STORE_SETTINGS: readonly SettingsDefinition[] = [
  storeSettings,
  layoutSettings,
  blogSettings,
  erpSettings,
  conversationSettings,
  blingSettings,
  shippingSettings,
  frenetSettings,
  kanguSettings,
  paymentSettings,
  checkoutSettings,
  pagaleveSettings,
  mercadopagoSettings,
  bellunoSettings,
  asaasSettings,
  paymentCustomSettings,
  customerioSettings,
  googleanalyticsSettings,
  googleadsSettings,
  consoleauthgoogleSettings,
  metaadsSettings,
  wabaSettings,
  sendgridSettings,
  hotjarSettings,
  amazonSettings,
  tramontinaSettings,
  bunnySettings,
  expoSettings,
  readinessSettings,
];

/**
 * cdlbox's screens are set C and nothing else (document 3 §1, §2): its five editors. Its products
 * are its own (not synced from the ERP or the manufacturer, so no product sync), its storefront
 * records no customer events (no event feed), and the spec gives it no settings screens — set B
 * and document 2's config documents are the main stores' (README 'Which screens a project has').
 */
export const CDLBOX_SETTINGS: readonly SettingsDefinition[] = [];

/** The console's screens that are neither a collection editor nor a settings document. */
export const CONSOLE_TOOLS = ['events', 'product-sync'] as const;
export type ConsoleTool = (typeof CONSOLE_TOOLS)[number];

/**
 * The tools each kind of project has: the stores (set A) have the customer-event feed ('Eventos')
 * and the product synchronisation of their ERP catalogue; cdlbox has neither.
 */
const STORE_TOOLS: readonly ConsoleTool[] = ['events', 'product-sync'];
const CDLBOX_TOOLS: readonly ConsoleTool[] = [];

const collectionsOf = (projectId: string) => (projectId === CDLBOX_PROJECT_ID ? CDLBOX_COLLECTIONS : STORE_COLLECTIONS);
const settingsOf = (projectId: string) => (projectId === CDLBOX_PROJECT_ID ? CDLBOX_SETTINGS : STORE_SETTINGS);

/** The collection editors of a project, in menu order (a copy: callers may sort or filter it). */
export function collectionsForProject(projectId: string): CollectionDefinition[] {
  return [...collectionsOf(projectId)];
}

/** The tool screens of a project ('Eventos', 'Sincronização de produtos'). */
export function toolsForProject(projectId: string): ConsoleTool[] {
  return [...(projectId === CDLBOX_PROJECT_ID ? CDLBOX_TOOLS : STORE_TOOLS)];
}

export function projectHasTool(projectId: string, tool: ConsoleTool): boolean {
  return toolsForProject(projectId).includes(tool);
}

/** The settings screens of a project, in menu order (a copy: callers may sort or filter it). */
export function settingsForProject(projectId: string): SettingsDefinition[] {
  return [...settingsOf(projectId)];
}

export function findCollection(projectId: string, id: string): CollectionDefinition | undefined {
  return collectionsOf(projectId).find((definition) => definition.id === id);
}

export function findSettings(projectId: string, id: string): SettingsDefinition | undefined {
  return settingsOf(projectId).find((definition) => definition.id === id);
}

/** Every collection id an editor of any project reads or writes (sorted, each once). */
export const ALL_COLLECTION_IDS: readonly string[] = [...new Set([...STORE_COLLECTIONS, ...CDLBOX_COLLECTIONS].map((definition) => definition.id))].sort();

/** Every settings document id of any project (under project/{p}/config/). */
export const ALL_SETTINGS_IDS: readonly string[] = [...new Set([...STORE_SETTINGS, ...CDLBOX_SETTINGS].map((definition) => definition.id))].sort();
