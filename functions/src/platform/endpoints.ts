import type { ServedEndpoint } from '../lib/endpoint.js';
import { health } from './health.js';

/** Endpoints of no one feature: the health check. */
export const endpoints: readonly ServedEndpoint[] = [health];
