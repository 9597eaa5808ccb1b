import type { AnyEndpoint } from '@console/shared';
import { serve, type Handler, type ServedEndpoint } from '../lib/endpoint.js';
import { namedFailure } from './pipeline/errors.js';

/**
 * Serves a worker-service endpoint (document 1 §7; descriptors in shared/src/api/workers.ts):
 * failures of the warehouse or Firestore are named like the upstreams' ('Warehouse: …').
 */
export function serveWorker<E extends AnyEndpoint>(contract: E, handler: Handler<E>): ServedEndpoint {
  return serve(contract, async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      throw namedFailure(error);
    }
  });
}
