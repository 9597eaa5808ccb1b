import { onDocumentWritten } from 'firebase-functions/v2/firestore';
import * as logs from './logs.js';
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { UserRecord } from 'firebase-admin/auth';
import { isPlainObject, valueAt } from '@console/shared';
import { REGION } from '../config.js';
import { adminAuth, firestore } from '../lib/admin.js';

/** The audit trail of manual overrides (document 1 §3 'Product data changelog entry'). */
export const CHANGELOG_COLLECTION = 'product-data-changelog';

type Doc = Record<string, unknown>;

/** What the panel writes with each override, in the same merge-write (firestore.rules check it). */
export interface OverrideMark {
  field: string;
  about: string;
  by: string;
  at: Timestamp;
  /** The write removed the override of `field` (its value went back to upstream's). */
  removed: boolean;
}

function readMark(data: Doc | undefined): OverrideMark | null {
  const mark = data?._override;
  if (!isPlainObject(mark)) return null;
  const { field, about, by, at } = mark;
  if (typeof field !== 'string' || !field || typeof about !== 'string' || typeof by !== 'string' || !(at instanceof Timestamp)) {
    return null;
  }
  return { field, about, by, at, removed: mark.removed === true };
}

/**
 * The override a write of product-data made, or null: a new `_override` mark (its `at` changed).
 * Writes without one — the sync pipeline's Admin SDK merges, which keep the previous mark — make no entry.
 */
export function newOverride(before: Doc | undefined, after: Doc | undefined): OverrideMark | null {
  const mark = readMark(after);
  if (!mark) return null;
  const previous = readMark(before);
  return previous && previous.at.isEqual(mark.at) ? null : mark;
}

export interface ChangelogDeps {
  firestore: Firestore;
  getUser(uid: string): Promise<Pick<UserRecord, 'email' | 'displayName' | 'phoneNumber' | 'customClaims'> | null>;
}

export interface ProductDataWrite {
  projectId: string;
  code: string;
  /** The event id: the entry's id, so a redelivered event writes no second entry. */
  eventId: string;
  before: Doc | undefined;
  after: Doc | undefined;
}

/** Writes the changelog entry of an override, with the writer as Auth knows them. */
export async function recordOverride(write: ProductDataWrite, deps: ChangelogDeps): Promise<boolean> {
  const mark = newOverride(write.before, write.after);
  if (!mark) return false;
  const project = deps.firestore.collection('project').doc(write.projectId);
  let from = valueAt(write.before, mark.field);
  let to = valueAt(write.after, mark.field);
  if (from === undefined || to === undefined) {
    // No synced value (never synced, or a removal back to none): the panel shows the catalogue's.
    const catalogue = (await project.collection('product').doc(write.code).get()).data();
    from ??= valueAt(catalogue, mark.field);
    to ??= valueAt(catalogue, mark.field);
  }
  const user = await deps.getUser(mark.by);
  const entry = {
    ProductCode: write.code,
    field: mark.field,
    from: from ?? null,
    to: to ?? null,
    about: mark.about,
    action: mark.removed ? 'remove' : 'override',
    createdBy: {
      id: mark.by,
      email: user?.email ?? null,
      displayName: user?.displayName ?? null,
      phoneNumber: user?.phoneNumber ?? null,
      claims: user?.customClaims ?? null,
    },
    createdAt: FieldValue.serverTimestamp(),
  };
  try {
    await project.collection(CHANGELOG_COLLECTION).doc(write.eventId).create(entry);
  } catch (error) {
    // 6 = ALREADY_EXISTS: this event was delivered before and its entry is written.
    if ((error as { code?: number }).code === 6) return false;
    throw error;
  }
  logs.overrideRecorded(write.projectId, write.code, mark.field, mark.by);
  return true;
}

/**
 * project/{projectId}/product-data/{code} written → the changelog entry of its override. The
 * writer comes from `_override.by`, which the rules pin to request.auth.uid (the emulator gives
 * WithAuthContext triggers no real auth id, so the rules are the check that works everywhere).
 */
export const productDataChangelog = onDocumentWritten({ document: 'project/{projectId}/product-data/{code}', region: REGION }, async (event) => {
  await recordOverride(
    {
      projectId: event.params.projectId,
      code: event.params.code,
      eventId: event.id,
      before: event.data?.before.data(),
      after: event.data?.after.data(),
    },
    {
      firestore,
      getUser: (uid) =>
        adminAuth.getUser(uid).catch((error: { code?: string }) => {
          if (error?.code === 'auth/user-not-found') return null;
          throw error;
        }),
    },
  );
});
