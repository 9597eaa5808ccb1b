import { apiFunctions } from './api.js';

// Every deployed function. The HTTPS ones (per feature or group of features, http/api-functions.ts) and the
// background ones load their feature's code on their first call.
export const { apiPlatform, apiAuth, apiCore, apiCampaigns, apiAi } = apiFunctions;
export { syncTask } from './sync/sync-task.js';
export { blingTokenRefresh } from './sync/bling-token-refresh.js';
export { productDataChangelog } from './products/product-data-changelog.js';
export { campaignSendTask } from './campaigns/campaign-send-queue.js';
export { sendgridEventBatch } from './campaigns/sendgrid-event-trigger.js';
export { conditionSql } from './conditions/condition-sql.js';
export { configSecretChanges } from './settings/secret-changes.js';
export { productReadiness, productDataReadiness, readinessRulesChanged, readinessTask } from './readiness/readiness-triggers.js';
export { warehouseMirrorCustomer } from './customer-warehouse/mirror-customer.js';
export { warehouseMirrorCustomerEvent } from './customer-warehouse/mirror-customer-event.js';
export { warehouseMirrorShippingQuote } from './customer-warehouse/mirror-shipping-quote.js';
export { warehouseMirrorOrder } from './customer-warehouse/mirror-order.js';
export { warehouseMirrorProduct } from './customer-warehouse/mirror-product.js';
