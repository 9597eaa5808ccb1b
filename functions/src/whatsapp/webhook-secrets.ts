import { projectIdSchema } from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { firestore } from '../lib/admin.js';
import { parseWabaConfig } from './config.js';

/**
 * The webhook's store: Meta's app settings point at `https://<site>/api/whatsapp/webhook?project=<store>`,
 * and that store's config/waba holds the app secret (signatures) and the verify token (handshake).
 */
export async function wabaSecrets(project: unknown) {
  const parsed = projectIdSchema.safeParse(project);
  if (!parsed.success) throw new ApiError(400, 'Parâmetro project ausente ou inválido.');
  const data = (await firestore.doc(`project/${parsed.data}/config/waba`).get()).data();
  const config = parseWabaConfig(data);
  return { project: parsed.data, config: 'config' in config ? config.config : null };
}
