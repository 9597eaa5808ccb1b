import type { Change, DocumentSnapshot, FirestoreEvent } from 'firebase-functions/v2/firestore';
import { getWarehouse } from '../warehouse/index.js';
import { applyMirrorWrite, rfc3339Micros, timestampMicros } from './mirror.js';
import type { MirroredCollection } from './mirror-rows.js';

type WriteEvent = FirestoreEvent<Change<DocumentSnapshot> | undefined, { projectId: string; docId: string }>;

/** A Firestore write event of a mirrored collection, applied to the warehouse. */
export async function applyMirrorEvent(collection: MirroredCollection, event: WriteEvent): Promise<void> {
  const after = event.data?.after;
  const before = event.data?.before;
  const exists = Boolean(after?.exists);
  // A delete comes after the version it deletes, whatever the event's own clock says.
  const deletedAt = () => Math.max(rfc3339Micros(event.time), before?.updateTime ? timestampMicros(before.updateTime) + 1 : 0);
  await applyMirrorWrite(getWarehouse(), {
    project: event.params.projectId,
    collection,
    id: event.params.docId,
    data: exists ? after!.data() : undefined,
    // A write is ordered by the document's update time; a delete by the moment it happened.
    updateTimeUs: exists && after!.updateTime ? timestampMicros(after!.updateTime) : deletedAt(),
  });
}
