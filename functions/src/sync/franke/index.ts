import { frankeStoreUrl } from '../../config.js';
import { FrankeClient } from './client.js';

export * from './client.js';
export * from './mapping.js';

/** The Franke store client, as the endpoints use it (param URL). */
export function frankeClient(): FrankeClient {
  return new FrankeClient({ baseUrl: frankeStoreUrl() });
}
