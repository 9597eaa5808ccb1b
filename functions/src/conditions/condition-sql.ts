import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import * as logs from './logs.js';
import type { DocumentReference, Timestamp } from 'firebase-admin/firestore';
import { CDLBOX_COLLECTIONS, hasConditionFields, settleDocumentConditions, STORE_COLLECTIONS, type FieldDefinition } from '@console/shared';
import { REGION } from '../config.js';
import { firestore } from '../lib/admin.js';

/**
 * Conditions checked on the server: a document holding condition fields (pricing rules, banners,
 * customer segments, cdlbox's rules) was written → every condition in it gets `sql` recomputed from
 * its `map` and a `problem` when the map does not validate (shared/src/conditions/stored.ts), so
 * the stored SQL never is whatever a client sent.
 *
 * Idempotent and loop-free: it writes only what differs from the settled form, so its own write
 * (and a redelivered event) settles nothing more. It writes only if the document is still the
 * version the event saw (`lastUpdateTime`): a newer write has its own event, and an editor's
 * later save is never overwritten with an older tree.
 */

/** The fields of each collection id that holds conditions (the same id has the same fields in every project). */
const CONDITION_COLLECTIONS = new Map<string, readonly FieldDefinition[]>(
  [...STORE_COLLECTIONS, ...CDLBOX_COLLECTIONS].filter((c) => hasConditionFields(c.fields)).map((c) => [c.id, c.fields]),
);

export interface ConditionWrite {
  ref: DocumentReference;
  collection: string;
  after: Record<string, unknown> | undefined;
  updateTime: Timestamp | undefined;
}

/** Settles the conditions of one written document; answers the fields it rewrote. */
export async function settleWrittenConditions(write: ConditionWrite): Promise<string[]> {
  const fields = CONDITION_COLLECTIONS.get(write.collection);
  if (!fields || !write.after || !write.updateTime) return []; // a delete, or no conditions
  const changes = settleDocumentConditions(fields, write.after);
  const keys = Object.keys(changes);
  if (keys.length === 0) return [];
  try {
    await write.ref.update(changes, { lastUpdateTime: write.updateTime });
  } catch (error) {
    // 9 = FAILED_PRECONDITION (changed since: its own event settles it), 5 = NOT_FOUND (deleted).
    const code = (error as { code?: number }).code;
    if (code === 9 || code === 5) return [];
    throw error;
  }
  logs.conditionsSettled(write.ref.path, keys);
  return keys;
}

/** One trigger per collection holding conditions, deployed as the group `conditionSql-<collection>`. */
export const conditionSql = Object.fromEntries(
  [...CONDITION_COLLECTIONS.keys()].map((collection) => [
    collection.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
    onDocumentWritten({ document: `project/{projectId}/${collection}/{docId}`, region: REGION }, async (event) => {
      const after = event.data?.after;
      await settleWrittenConditions({
        ref: firestore.doc(`project/${event.params.projectId}/${collection}/${event.params.docId}`),
        collection,
        after: after?.exists ? after.data() : undefined,
        updateTime: after?.exists ? after.updateTime : undefined,
      });
    }),
  ]),
);
