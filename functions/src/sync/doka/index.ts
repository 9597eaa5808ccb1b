import { dokaSiteUrl } from '../../config.js';
import { DokaClient } from './client.js';

export * from './client.js';
export * from './mapping.js';

/** The Doka site client, as the endpoints use it (param URL). */
export function dokaClient(): DokaClient {
  return new DokaClient({ baseUrl: dokaSiteUrl() });
}
