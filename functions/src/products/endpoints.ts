import type { ServedEndpoint } from '../lib/endpoint.js';
import { consoleProduct } from './console-product.js';
import { consoleProductsGiftGenerate } from './console-products-gift-generate.js';

/** The product panel's document and the gift rules applied to the products. */
export const endpoints: readonly ServedEndpoint[] = [consoleProduct, consoleProductsGiftGenerate];
