export * from './company.js';
export * from './pricing.js';
export * from './field-path.js';
export * from './overrides.js';
export * from './product-view.js';
export * from './price-guardrails.js';
export * from './pricing-rule-effect.js';
