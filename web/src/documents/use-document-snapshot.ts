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
      (snapshot) =>
        setState(snapshot.exists() ? { status: 'exists', data: snapshot.data(), pending: snapshot.metadata.hasPendingWrites } : { status: 'missing' }),
      (error) => setState({ status: 'error', code: error.code }),
    );
    // The path identifies the document; a new ref object for the same path must not resubscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  return state;
}
