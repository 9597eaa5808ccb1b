import { firestore } from '../../lib/admin.js';
import { tramontinaWebserviceUrl } from '../../config.js';
import { TramontinaWebserviceClient } from './client.js';
import { readTramontinaCredentials } from './config.js';

export { TRAMONTINA_WEBSERVICE, TramontinaWebserviceClient } from './client.js';
export * from './mapping.js';

/** The web service client of a project, as the endpoints use it (param URL, config/tramontina credentials). */
export async function tramontinaWebserviceClient(project: string): Promise<TramontinaWebserviceClient> {
  return new TramontinaWebserviceClient({
    baseUrl: tramontinaWebserviceUrl(),
    credentials: await readTramontinaCredentials(firestore, project, 'webservice'),
  });
}
