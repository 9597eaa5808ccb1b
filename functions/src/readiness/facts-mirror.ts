import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { ProductFacts } from '@console/shared';
import { timestampMicros } from '../customer-warehouse/mirror.js';
import type { Warehouse, WarehouseRow } from '../warehouse/index.js';
import * as logs from './logs.js';
import { factsRow } from './readiness-sql.js';

/**
 * The warehouse's copy of every product's readiness facts (`product_facts`, customer-tables.ts),
 * which a background run evaluates in one statement per page (readiness-run.ts). Kept by the
 * readiness trigger on every write of a product or its synced data, and by a run for a row it
 * found missing or older than the documents. A row is as fresh as the later of the two documents'
 * update times (`update_time_us`): the mirror keeps the latest, so a late or repeated write changes
 * nothing, and a run uses a row only when it matches the documents it read.
 */
export const FACTS_TABLE = 'product_facts';

const micros = (snapshot: DocumentSnapshot) => (snapshot.exists && snapshot.updateTime ? timestampMicros(snapshot.updateTime) : 0);

/** The update time a facts row of these two documents carries. */
export function factsVersion(product: DocumentSnapshot, productData: DocumentSnapshot): number {
  return Math.max(micros(product), micros(productData));
}

/** The facts row of a product (its facts, or a tombstone when the product is gone). */
export function factsMirrorRow(
  project: string,
  code: string,
  facts: ProductFacts | null,
  updateTimeUs: number,
  at = new Date(),
): WarehouseRow<typeof FACTS_TABLE> {
  const columns = facts ? factsRow(code, facts) : {};
  return {
    project,
    id: code,
    data: {},
    source: 'firestore',
    fetchedAt: at.toISOString(),
    ...columns,
    update_time_us: updateTimeUs,
    deleted: facts ? 0 : 1,
  } as unknown as WarehouseRow<typeof FACTS_TABLE>;
}

/**
 * Writes facts rows; a failure is logged, not thrown: the stored readiness is already right, and
 * a run evaluates in the function whatever row it finds missing or old.
 */
export async function mirrorFacts(warehouse: Warehouse, project: string, rows: WarehouseRow<typeof FACTS_TABLE>[]): Promise<void> {
  if (rows.length === 0) return;
  try {
    await warehouse.mirror(FACTS_TABLE, rows);
  } catch (error) {
    logs.factsMirrorFailed(project, rows.length, error);
  }
}
