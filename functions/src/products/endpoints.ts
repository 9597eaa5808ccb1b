import type { ServedEndpoint } from '../lib/endpoint.js';
import { consoleProduct } from './console-product.js';
import { consoleProductsGiftGenerate } from './console-products-gift-generate.js';
import { consoleProductsPriceChange } from './console-products-price-change.js';
import { consoleProductsPriceHoldConfirm } from './console-products-price-hold-confirm.js';
import { consoleProductsPriceHoldDiscard } from './console-products-price-hold-discard.js';
import { consoleProductsPricingRulePreview } from './console-products-pricing-rule-preview.js';
import { consoleProductsStaleOverrideResolve } from './console-products-stale-override-resolve.js';

/** The product panel's document, guarded price changes, a pricing rule's preview, stale overrides and the gift rules applied to the products. */
export const endpoints: readonly ServedEndpoint[] = [
  consoleProduct,
  consoleProductsGiftGenerate,
  consoleProductsPriceChange,
  consoleProductsPriceHoldConfirm,
  consoleProductsPriceHoldDiscard,
  consoleProductsPricingRulePreview,
  consoleProductsStaleOverrideResolve,
];
