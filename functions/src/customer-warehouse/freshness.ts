import type { Firestore } from 'firebase-admin/firestore';
import { customerWarehouseMaxLagSeconds } from '../config.js';
import type { Warehouse } from '../warehouse/warehouse.js';
import * as logs from './logs.js';
import { backfillMirror, checkMirror, type MirrorCount } from './mirror.js';

/**
 * How current the warehouse's copy of a project's customers is, and making sure it is current
 * enough before a segment is evaluated there (README, 'Fresh and honest').
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The configured bound, in ms (CUSTOMER_WAREHOUSE_MAX_LAG_SECONDS; 60 s when unset or unreadable). */
export function maxMirrorLagMs(): number {
  const seconds = Number(customerWarehouseMaxLagSeconds());
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 60_000;
}

export interface MirrorState {
  agree: boolean;
  counts: MirrorCount[];
  /** The project was copied again (backfillMirror) before answering. */
  backfilled: boolean;
}

/**
 * Makes sure the warehouse's copy of `project` is no further behind Firestore than `maxLagMs`:
 * while both sides' counts differ it waits for the triggers (they apply a write within seconds);
 * a copy still behind past the bound — or one that never held the project (data imported into
 * Firestore, which fires no trigger: the emulators' seed) — is copied again, a page at a time.
 * With `copyWhenBehind` false a copy behind past the bound is answered as it is ('Testar
 * segmento' says the copy is still catching up rather than read the whole store on a click).
 */
export async function ensureMirror(
  firestore: Firestore,
  warehouse: Warehouse,
  project: string,
  maxLagMs: number,
  { copyWhenBehind = true }: { copyWhenBehind?: boolean } = {},
): Promise<MirrorState> {
  const deadline = Date.now() + maxLagMs;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
    const checked = await checkMirror(firestore, warehouse, project);
    if (checked.agree) return { ...checked, backfilled: false };
    const never = checked.counts.every((c) => c.warehouse === 0);
    if (!never && !copyWhenBehind && Date.now() + wait > deadline) return { ...checked, backfilled: false };
    if (never || Date.now() + wait > deadline) {
      logs.mirrorBackfilled(project, never ? 'empty' : 'behind', checked.counts);
      await backfillMirror(firestore, warehouse, project);
      return { ...(await checkMirror(firestore, warehouse, project)), backfilled: true };
    }
    await sleep(wait);
  }
}
