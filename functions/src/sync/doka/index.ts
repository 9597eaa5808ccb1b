import { DOKA_SITE_URL } from '../../params.js';
import { DokaClient } from './client.js';

export * from './client.js';
export * from './mapping.js';

/** The Doka site client, as the endpoints use it (param URL). */
export function dokaClient(): DokaClient {
  return new DokaClient({ baseUrl: DOKA_SITE_URL.value() });
}
