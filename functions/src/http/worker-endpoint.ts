import type { z } from 'zod';
import { defineEndpoint, type Endpoint, type EndpointRequest } from '../lib/endpoint.js';
import { namedFailure } from '../sync/pipeline/errors.js';

/**
 * A worker-service endpoint (document 1 §7): GET, access 'project', answering JSON; failures of
 * the warehouse or Firestore are named like the upstreams' ('Warehouse: …').
 */
export function defineWorkerEndpoint<Q extends z.ZodType>(endpoint: {
  path: string;
  query?: Q;
  handle(request: EndpointRequest<z.infer<Q>, undefined> & { project: string }): Promise<unknown>;
}): Endpoint {
  return defineEndpoint({
    method: 'GET',
    path: endpoint.path,
    access: 'project',
    query: endpoint.query,
    async handle(request) {
      try {
        return await endpoint.handle({ ...request, project: request.project! } as EndpointRequest<z.infer<Q>, undefined> & { project: string });
      } catch (error) {
        throw namedFailure(error);
      }
    },
  }) as Endpoint;
}
