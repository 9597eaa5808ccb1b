import { firestore } from '../../lib/admin.js';
import { TRAMONTINA_TSTOCK_URL } from '../../params.js';
import { readTramontinaCredentials } from '../tramontina/config.js';
import { TstockClient } from './client.js';

export * from './client.js';
export * from './mapping.js';

/** The TStock client of a project, as the endpoints use it (param URL, config/tramontina tstock credentials). */
export async function tstockClient(project: string): Promise<TstockClient> {
  return new TstockClient({
    baseUrl: TRAMONTINA_TSTOCK_URL.value(),
    credentials: await readTramontinaCredentials(firestore, project, 'tstock'),
  });
}
