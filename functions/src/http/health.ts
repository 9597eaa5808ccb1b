import { defineEndpoint } from '../lib/endpoint.js';

/** GET /api/health — liveness, no authentication. */
export const health = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  access: 'public',
  async handle() {
    return { ok: true, service: 'console-api', time: new Date().toISOString() };
  },
});
