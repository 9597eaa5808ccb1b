import { storeSiteUrlsJson } from '../../config.js';
import { parseStoreSiteUrls, StoreSiteClient, type StoreSite } from './client.js';

export * from './client.js';
export * from './mapping.js';

/** The client of one store site, as the endpoints use it (URL from the STORE_SITE_URLS param). */
export function storeSiteClient(site: StoreSite): StoreSiteClient {
  return new StoreSiteClient({ site, baseUrl: parseStoreSiteUrls(storeSiteUrlsJson())[site] });
}
