import { useMemo } from 'react';
import { serverTimestamp } from 'firebase/firestore';
import type { FormData, FormDocument } from '../form-engine/data/form-document';
import { useCollectionDocs } from '../form-engine/data/use-collection-docs';
import { writeNewRecord } from './document-store';
import { useEmbeddedDocument } from './use-embedded-document';

/** What the form of `document` gives its widgets (form-engine FormData), over Firestore. */
export function useDocumentFormData(document: FormDocument): FormData {
  const { projectId } = document;
  return useMemo<FormData>(
    () => ({
      document,
      useCollectionDocs,
      async addDocument(collectionId, data) {
        const outcome = await writeNewRecord(projectId, collectionId, null, {
          ...data,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        });
        if (!outcome.created) throw new Error('not created');
        return outcome.id;
      },
      useEmbeddedDocument,
    }),
    [document, projectId],
  );
}
