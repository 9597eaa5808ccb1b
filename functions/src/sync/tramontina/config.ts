import type { Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.js';
import type { UpstreamCredentials } from './client.js';

/**
 * The manufacturer's credentials: project/{p}/config/tramontina {tstock: {user, password},
 * webservice: {user, password}}, an admin-only document read with the Admin SDK. The values go
 * only into upstream requests — never into logs, errors or answers.
 */

const credentialSchema = z.object({ user: z.string().trim().min(1), password: z.string().min(1) });

export type TramontinaSystem = 'tstock' | 'webservice';

const LABEL: Record<TramontinaSystem, string> = { tstock: 'do TStock', webservice: 'do web service' };

/** The user and password of one system; a missing or incomplete document is a 412 naming what to fill. */
export function credentialsFromConfig(config: unknown, system: TramontinaSystem): UpstreamCredentials {
  const parsed = credentialSchema.safeParse((config as Record<string, unknown> | undefined)?.[system]);
  if (!parsed.success) {
    throw new ApiError(412, `Usuário e senha ${LABEL[system]} da Tramontina não configurados (config/tramontina, ${system}).`);
  }
  return parsed.data;
}

export async function readTramontinaCredentials(firestore: Firestore, project: string, system: TramontinaSystem): Promise<UpstreamCredentials> {
  const snapshot = await firestore.doc(`project/${project}/config/tramontina`).get();
  return credentialsFromConfig(snapshot.data(), system);
}
