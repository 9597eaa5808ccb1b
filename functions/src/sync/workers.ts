import type { ServedEndpoint } from '../lib/endpoint.js';
import { firestoreProductOpenai } from './firestore-product-openai.js';
import { upstreamWorkerEndpoints } from './upstream-workers.js';

/**
 * The worker-service endpoints of document 1 §7 (all GET, access 'project'): the only URLs the
 * sync queue accepts and runs.
 */
export const workerEndpoints: readonly ServedEndpoint[] = [...upstreamWorkerEndpoints, firestoreProductOpenai];
