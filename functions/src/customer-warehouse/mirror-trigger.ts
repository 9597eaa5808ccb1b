import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import { REGION } from '../config.js';
import type { MirroredCollection } from './mirror-rows.js';

/**
 * The trigger that mirrors one collection into the warehouse (one file per collection uses it).
 * Retried on failure: a write that did not reach the warehouse is applied again, and applying it
 * twice changes nothing (mirror rows are kept by document id and update time). The handler is
 * loaded on the first event.
 */
export function mirrorTrigger(collection: MirroredCollection) {
  return onDocumentWritten({ document: `project/{projectId}/${collection}/{docId}`, region: REGION, retry: true }, async (event) => {
    const { applyMirrorEvent } = await import('./mirror-event.js');
    await applyMirrorEvent(collection, event);
  });
}
