import type { ServedEndpoint } from '../lib/endpoint.js';
import { consoleAiUsage } from './console-ai-usage.js';
import { consoleProductsAiDecision } from './console-products-ai-decision.js';
import { consoleProductsAiResponse } from './console-products-ai-response.js';
import { consoleProductsAiTools } from './console-products-ai-tools.js';
import { firestoreProductOpenai } from '../sync/firestore-product-openai.js';

/** The document form's assistant, its usage, and the product texts worker (also run by the sync queue). */
export const endpoints: readonly ServedEndpoint[] = [
  consoleProductsAiResponse,
  consoleProductsAiTools,
  consoleProductsAiDecision,
  consoleAiUsage,
  firestoreProductOpenai,
];
