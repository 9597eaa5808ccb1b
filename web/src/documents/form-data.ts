import { useMemo } from 'react';
import { serverTimestamp } from 'firebase/firestore';
import { type FormData, type FormDocument, useCollectionDocs } from '../form-engine/document-data';
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
