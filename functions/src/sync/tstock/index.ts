import { firestore } from '../../lib/admin.js';
import { tramontinaTstockUrl } from '../../config.js';
import { readTramontinaCredentials } from '../tramontina/config.js';
import { TstockClient } from './client.js';

export * from './client.js';
export * from './mapping.js';

/** The TStock client of a project, as the endpoints use it (param URL, config/tramontina tstock credentials). */
export async function tstockClient(project: string): Promise<TstockClient> {
  return new TstockClient({
    baseUrl: tramontinaTstockUrl(),
    credentials: await readTramontinaCredentials(firestore, project, 'tstock'),
  });
}
