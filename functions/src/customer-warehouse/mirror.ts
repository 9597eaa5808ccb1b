import type { Firestore, Timestamp } from 'firebase-admin/firestore';
import { PROJECT_COLLECTION } from '@console/shared';
import type { MirrorTableName, Warehouse } from '../warehouse/warehouse.js';
import { MIRRORED_COLLECTIONS, mirrorRow, type MirroredCollection, type MirrorWrite } from './mirror-rows.js';

/**
 * Applying Firestore writes to the warehouse mirror, and the backfill and consistency check of
 * the same tables (README: why the design of firebase/extensions' firestore-bigquery-export is
 * followed rather than the extension installed).
 */

/** A Firestore Timestamp in microseconds since the epoch. */
export function timestampMicros(time: Pick<Timestamp, 'seconds' | 'nanoseconds'>): number {
  return time.seconds * 1_000_000 + Math.floor(time.nanoseconds / 1000);
}

/** An RFC 3339 instant ('2026-12-06T18:00:00.123456Z', an event's time) in microseconds. */
export function rfc3339Micros(time: string): number {
  const ms = Date.parse(time);
  if (!Number.isFinite(ms)) throw new Error(`Instante inválido: ${time}`);
  const fraction = /\.(\d+)/.exec(time)?.[1] ?? '';
  return Math.floor(ms / 1000) * 1_000_000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

/** Applies one write (a trigger's event, or a backfilled document). Idempotent: the same write twice changes nothing. */
export async function applyMirrorWrite(warehouse: Warehouse, write: MirrorWrite): Promise<void> {
  await warehouse.mirror(MIRRORED_COLLECTIONS[write.collection], [mirrorRow(write)]);
}

const PAGE = 500;
/**
 * Rows the backfill did not see are tombstoned only when written this long before it started: a
 * trigger on another instance (another clock) may have just written a version newer than the
 * one the backfill read, which the backfill then leaves in place with the trigger's time.
 */
const SWEEP_MARGIN_MS = 60_000;

/** The statement tombstoning the live rows of `@project` / `$project` mirrored before `started_ms`. */
export function mirrorSweepSql(warehouse: Pick<Warehouse, 'dialect' | 'table'>, table: MirrorTableName): string {
  return warehouse.dialect === 'bigquery'
    ? `UPDATE ${warehouse.table(table)} SET deleted = 1 WHERE project = @project AND deleted = 0 AND fetched_at < TIMESTAMP_MILLIS(@started_ms)`
    : `UPDATE ${warehouse.table(table)} SET deleted = 1 WHERE project = $project AND deleted = 0 AND fetched_at < epoch_ms($started_ms::BIGINT)`;
}

/**
 * Copies every document of the mirrored collections of `project` into the warehouse, a page of
 * 500 at a time in document-id order (never a whole collection in memory). Rows keep their
 * document's update time, so a trigger's later write still wins and the backfill can run while
 * the triggers do; a row of the same version is written again, so its `fetched_at` says the
 * backfill saw the document. Then the rows it did not see (documents gone from Firestore without a
 * delete event reaching the copy: a local stack's Firestore reset to its seed, a trigger that
 * never ran) are tombstoned. Answers the documents copied per collection.
 */
export async function backfillMirror(
  firestore: Firestore,
  warehouse: Warehouse,
  project: string,
  collections: readonly MirroredCollection[] = Object.keys(MIRRORED_COLLECTIONS) as MirroredCollection[],
): Promise<Record<string, number>> {
  const copied: Record<string, number> = {};
  for (const collection of collections) {
    copied[collection] = 0;
    const ref = firestore.collection(`${PROJECT_COLLECTION}/${project}/${collection}`);
    const started = Date.now();
    let last: string | undefined;
    for (;;) {
      let query = ref.orderBy('__name__').limit(PAGE);
      if (last) query = query.startAfter(last);
      const page = await query.get();
      if (page.empty) break;
      await warehouse.mirror(
        MIRRORED_COLLECTIONS[collection],
        page.docs.map((d) => mirrorRow({ project, collection, id: d.id, data: d.data(), updateTimeUs: timestampMicros(d.updateTime) })),
        { sameVersionToo: true },
      );
      copied[collection] += page.size;
      last = page.docs[page.size - 1]!.id;
      if (page.size < PAGE) break;
    }
    await warehouse.query(mirrorSweepSql(warehouse, MIRRORED_COLLECTIONS[collection]), { project, started_ms: started - SWEEP_MARGIN_MS }, { write: true });
  }
  return copied;
}

/** The statement counting a table's live rows of `@project` / `$project` (in the warehouse's dialect). */
export function mirrorCountSql(warehouse: Pick<Warehouse, 'dialect' | 'table'>, table: MirrorTableName): string {
  const param = warehouse.dialect === 'bigquery' ? '@project' : '$project';
  return `SELECT COUNT(*) AS n FROM ${warehouse.table(table)} WHERE project = ${param} AND deleted = 0`;
}

/** The statement answering the newest mirror write of `@project` / `$project` (t, a timestamp). */
export function mirrorAsOfSql(warehouse: Pick<Warehouse, 'dialect' | 'table'>): string {
  const param = warehouse.dialect === 'bigquery' ? '@project' : '$project';
  const newest = Object.values(MIRRORED_COLLECTIONS).map((table) => `SELECT MAX(fetched_at) AS t FROM ${warehouse.table(table)} WHERE project = ${param}`);
  return `SELECT MAX(t) AS t FROM (${newest.join(' UNION ALL ')}) AS newest`;
}

export interface MirrorCount {
  collection: MirroredCollection;
  firestore: number;
  warehouse: number;
}

/**
 * Counts both sides of every mirrored collection of `project` (Firestore's count() aggregation,
 * the warehouse's live rows): `agree` when every count is equal.
 */
export async function checkMirror(firestore: Firestore, warehouse: Warehouse, project: string): Promise<{ agree: boolean; counts: MirrorCount[] }> {
  const counts = await Promise.all(
    (Object.keys(MIRRORED_COLLECTIONS) as MirroredCollection[]).map(async (collection) => {
      const [stored, [mirrored]] = await Promise.all([
        firestore.collection(`${PROJECT_COLLECTION}/${project}/${collection}`).count().get(),
        warehouse.query(mirrorCountSql(warehouse, MIRRORED_COLLECTIONS[collection]), { project }),
      ]);
      return { collection, firestore: stored.data().count, warehouse: Number(mirrored?.n ?? 0) };
    }),
  );
  return { agree: counts.every((c) => c.firestore === c.warehouse), counts };
}

/**
 * How current the mirror of `project` is: the moment of the newest write it applied (ISO), or
 * null when it holds nothing. The triggers apply a write within seconds, so on a store that
 * writes customers and events all day this is the copy's age; on a quiet one it is the last change.
 */
export async function mirrorAsOf(warehouse: Warehouse, project: string): Promise<string | null> {
  const [row] = await warehouse.query(mirrorAsOfSql(warehouse), { project });
  const t = row?.t;
  if (t === null || t === undefined) return null;
  const date = t instanceof Date ? t : new Date(typeof t === 'number' ? t : String(t));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
