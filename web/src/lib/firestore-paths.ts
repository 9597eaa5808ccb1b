import { collection, doc, type CollectionReference, type DocumentReference } from 'firebase/firestore';
import { CONFIG_COLLECTION, PROJECT_COLLECTION } from '@console/shared';
import { db } from './firestore';

/** project/{projectId}/{collectionId} */
export function projectCollection(projectId: string, collectionId: string): CollectionReference {
  return collection(db, PROJECT_COLLECTION, projectId, collectionId);
}

/** project/{projectId}/{collectionId}/{docId} */
export function projectDocument(projectId: string, collectionId: string, docId: string): DocumentReference {
  return doc(db, PROJECT_COLLECTION, projectId, collectionId, docId);
}

/** project/{projectId}/config/{settingsId} */
export function settingsDocument(projectId: string, settingsId: string): DocumentReference {
  return projectDocument(projectId, CONFIG_COLLECTION, settingsId);
}
