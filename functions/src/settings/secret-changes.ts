import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { changedSecrets, findSettings, PROJECT_COLLECTION, SECRET_CHANGE_COLLECTION, CONFIG_COLLECTION } from '@console/shared';
import { REGION } from '../config.js';
import { firestore } from '../lib/admin.js';
import * as logs from './logs.js';

type Doc = Record<string, unknown>;

export interface ConfigWrite {
  projectId: string;
  configId: string;
  before: Doc | undefined;
  after: Doc | undefined;
}

/**
 * Stamps the time of each secret a write of a settings document set, changed or removed, in
 * project/{p}/config-secret-change/{configId} (`changes.<path>`), which admins read and nobody
 * writes but this trigger: every writer counts (the form, the JSON Editor, the functions'
 * token refresh), and the values themselves are never copied. Answers the paths stamped.
 */
export async function recordSecretChanges(write: ConfigWrite, db: Firestore): Promise<string[]> {
  const definition = findSettings(write.projectId, write.configId);
  if (!definition) return [];
  const paths = changedSecrets(definition.fields, write.before, write.after);
  if (paths.length === 0) return [];
  const at = FieldValue.serverTimestamp();
  await db
    .collection(PROJECT_COLLECTION)
    .doc(write.projectId)
    .collection(SECRET_CHANGE_COLLECTION)
    .doc(write.configId)
    .set({ changes: Object.fromEntries(paths.map((path) => [path, at])) }, { merge: true });
  logs.secretsChanged(write.projectId, write.configId, paths);
  return paths;
}

/** project/{projectId}/config/{configId} written → the last change of each secret it touched. */
export const configSecretChanges = onDocumentWritten(
  { document: `${PROJECT_COLLECTION}/{projectId}/${CONFIG_COLLECTION}/{configId}`, region: REGION },
  async (event) => {
    await recordSecretChanges(
      { projectId: event.params.projectId, configId: event.params.configId, before: event.data?.before.data(), after: event.data?.after.data() },
      firestore,
    );
  },
);
