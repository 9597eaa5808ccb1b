import { useEffect, useState } from 'react';
import { onSnapshot, Timestamp } from 'firebase/firestore';
import { CONFIG_COLLECTION, isPlainObject, SECRET_CHANGE_COLLECTION } from '@console/shared';
import { projectDocument } from '../../lib/firestore-paths';
import { useFormDocument } from './form-document';

export type SecretChange = { status: 'loading' | 'none' } | { status: 'known'; at: Date };

/**
 * When the secret at `path` of the settings document on display last changed, as the trigger
 * functions/src/settings/secret-changes.ts stamps it in config-secret-change/{id}. Secrets outside
 * a settings document have no record: 'none'. (The SDK shares one listener per document.)
 */
export function useSecretChange(path: readonly (string | number)[]): SecretChange {
  const { projectId, collectionId, docId } = useFormDocument();
  const key = path.join('.');
  const tracked = collectionId === CONFIG_COLLECTION && !!docId && !!projectId;
  const [change, setChange] = useState<SecretChange>({ status: tracked ? 'loading' : 'none' });

  useEffect(() => {
    if (!tracked) return undefined;
    return onSnapshot(
      projectDocument(projectId, SECRET_CHANGE_COLLECTION, docId),
      (snapshot) => {
        const changes: unknown = snapshot.get('changes');
        const at = isPlainObject(changes) ? changes[key] : undefined;
        setChange(at instanceof Timestamp ? { status: 'known', at: at.toDate() } : { status: 'none' });
      },
      // Unreadable (not an admin): the date is simply not shown.
      () => setChange({ status: 'none' }),
    );
  }, [tracked, projectId, docId, key]);

  return change;
}
