import { healthEndpoint } from '@console/shared';
import { serve, type Handler } from '../lib/endpoint.js';

/** GET /api/health — liveness, no authentication. */
export const handleHealth: Handler<typeof healthEndpoint> = async () => {
  return { ok: true, service: 'console-api', time: new Date().toISOString() };
};

export const health = serve(healthEndpoint, handleHealth);
