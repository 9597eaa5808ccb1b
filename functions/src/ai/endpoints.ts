import type { ServedEndpoint } from '../lib/endpoint.js';
import { consoleAiUsage } from './console-ai-usage.js';
import { consoleProductsAiDecision } from './console-products-ai-decision.js';
import { consoleProductsAiResponse } from './console-products-ai-response.js';
import { consoleProductsAiTools } from './console-products-ai-tools.js';

/**
 * The document form's assistant and its usage. The product texts worker (sync/firestore-product-openai.ts,
 * also run by the sync queue) joins them in apiAi (http/api-functions.ts), so ai/ never imports sync/.
 */
export const endpoints: readonly ServedEndpoint[] = [consoleProductsAiResponse, consoleProductsAiTools, consoleProductsAiDecision, consoleAiUsage];
