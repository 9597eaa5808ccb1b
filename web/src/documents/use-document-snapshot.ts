import { useEffect, useState } from 'react';
import { onSnapshot, type DocumentReference } from 'firebase/firestore';

export type DocumentSnapshotState =
  | { status: 'loading' }
  /** `pending`: the data holds this browser's writes the server has not confirmed yet. */
  | { status: 'exists'; data: Record<string, unknown>; pending: boolean }
  | { status: 'missing' }
  | { status: 'error'; code: string };

/**
 * Realtime state of one document; `null` (creation) stays 'missing'. Metadata changes are
 * reported too, so the moment the server confirms a local write is seen.
 */
export function useDocumentSnapshot(ref: DocumentReference | null): DocumentSnapshotState {
  const [state, setState] = useState<DocumentSnapshotState>(ref ? { status: 'loading' } : { status: 'missing' });
  const path = ref?.path ?? null;

  useEffect(() => {
    if (!ref) {
      setState({ status: 'missing' });
      return undefined;
    }
    setState({ status: 'loading' });
    return onSnapshot(
      ref,
      { includeMetadataChanges: true },
      (snapshot) => {
        if (snapshot.exists()) setState({ status: 'exists', data: snapshot.data(), pending: snapshot.metadata.hasPendingWrites });
        // "Missing" from the cache alone means the server was not reached (the SDK answers from its
        // cache only then): a load error, not 'Registro não encontrado'. The listener stays and the
        // server's answer replaces it when the store is back.
        else if (snapshot.metadata.fromCache && !snapshot.metadata.hasPendingWrites) setState({ status: 'error', code: 'unavailable' });
        else setState({ status: 'missing' });
      },
      (error) => setState({ status: 'error', code: error.code }),
    );
    // The path identifies the document; a new ref object for the same path must not resubscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  return state;
}
