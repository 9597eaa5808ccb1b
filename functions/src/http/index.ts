import type { ServedEndpoint } from '../lib/endpoint.js';
import { endpoints as platform } from '../platform/endpoints.js';
import { endpoints as auth } from '../auth/endpoints.js';
import { endpoints as products } from '../products/endpoints.js';
import { endpoints as sync } from '../sync/endpoints.js';
import { endpoints as files } from '../files/endpoints.js';
import { endpoints as conditions } from '../conditions/endpoints.js';
import { endpoints as csvImport } from '../csv-import/endpoints.js';
import { endpoints as campaigns } from '../campaigns/endpoints.js';
import { endpoints as whatsapp } from '../whatsapp/endpoints.js';
import { endpoints as ai } from '../ai/endpoints.js';
import { firestoreProductOpenai } from '../sync/firestore-product-openai.js';

/** Every endpoint behind Hosting's /api/** rewrite (and /whatsapp/**): each feature's list. */
export const endpoints: readonly ServedEndpoint[] = [
  ...platform,
  ...auth,
  ...products,
  ...sync,
  ...files,
  ...conditions,
  ...csvImport,
  ...campaigns,
  ...whatsapp,
  ...ai,
  // A sync worker served by apiAi (it reads the OpenAI key): http/api-functions.ts.
  firestoreProductOpenai,
];
