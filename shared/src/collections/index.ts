export * from './define.js';
export * from './registry.js';
export * from './address.js';
export * from './components.js';
export * from './import-records.js';
export * from './entry-label.js';
export { PRICING_RULE_STORES, PRICING_RULE_STORE_LABELS } from './store/pricing-rule.js';
