import { isDeepStrictEqual } from 'node:util';
import { FieldPath, FieldValue, type Firestore } from 'firebase-admin/firestore';
import { z } from 'zod';
import { READINESS_FIELD, rulesVersion, type ReadinessRules } from '@console/shared';
import { getWarehouse, type Warehouse } from '../warehouse/index.js';
import { FACTS_TABLE, factsMirrorRow, factsVersion, mirrorFacts } from './facts-mirror.js';
import * as logs from './logs.js';
import { ncmCodes } from './ncm-table.js';
import { factsOf, readinessOfFacts, storeReadinessRules } from './product-readiness.js';
import { pageReadinessSql, readinessFromRow } from './readiness-sql.js';

/**
 * Re-evaluating every product of a store after its rules changed, in the background: a chain of
 * tasks, one page of products each, evaluated by the warehouse (one statement per page over the
 * facts table the trigger keeps, `pageReadinessSql`); a product whose facts row is missing or older
 * than the documents read is evaluated in the function and its row written (the run's
 * `evaluatedBy.warehouse` / `.function` count both). `project/{p}/readiness-run/{runId}` holds the progress
 * ({status, total, done, written, cursor}, and `summary.<channel>.notReady` / `.rules.<rule id>`: how many
 * products fail, the home screen's chart); each page's product writes and the run's new cursor
 * commit in one transaction, and a task runs only if the run's cursor is still the one it was
 * given, so a task delivered twice writes nothing the second time (each product once per run).
 * A broken chain resumes from the stored cursor (`resumeReadinessRun`).
 */
export const READINESS_RUN_COLLECTION = 'readiness-run';
/** Products per task: two reads each and at most one write, well inside a transaction's 500 writes. */
export const READINESS_PAGE_SIZE = 200;

export const readinessTaskSchema = z.object({
  projectId: z.string().min(1),
  runId: z.string().min(1),
  cursor: z.string().nullable(),
});
export type ReadinessTask = z.infer<typeof readinessTaskSchema>;

export type EnqueueReadinessTask = (task: ReadinessTask) => Promise<void>;

const runs = (firestore: Firestore, projectId: string) => firestore.collection('project').doc(projectId).collection(READINESS_RUN_COLLECTION);

/** Starts a run over every product of the store (older runs still going stop at their next page). */
export async function startReadinessRun(firestore: Firestore, projectId: string, enqueue: EnqueueReadinessTask): Promise<string> {
  const products = firestore.collection('project').doc(projectId).collection('product');
  const [count, rules, running] = await Promise.all([
    products.count().get(),
    storeReadinessRules(firestore, projectId),
    runs(firestore, projectId).where('status', '==', 'running').get(),
  ]);
  const total = count.data().count;
  const version = rulesVersion(rules);
  const ref = runs(firestore, projectId).doc(`run-${Date.now().toString(36)}`);
  const batch = firestore.batch();
  for (const old of running.docs) batch.update(old.ref, { status: 'superseded', updatedAt: FieldValue.serverTimestamp() });
  batch.create(ref, {
    status: 'running',
    version,
    total,
    done: 0,
    written: 0,
    cursor: null,
    startedAt: FieldValue.serverTimestamp(),
    updatedAt: FieldValue.serverTimestamp(),
  });
  await batch.commit();
  logs.readinessRunStarted(projectId, ref.id, total, version);
  await enqueue({ projectId, runId: ref.id, cursor: null });
  return ref.id;
}

/** Queues the next page of a run that stopped (its chain broken), from the cursor it stored. */
export async function resumeReadinessRun(firestore: Firestore, projectId: string, runId: string, enqueue: EnqueueReadinessTask): Promise<boolean> {
  const run = await runs(firestore, projectId).doc(runId).get();
  if (run.get('status') !== 'running') return false;
  await enqueue({ projectId, runId, cursor: (run.get('cursor') as string | null) ?? null });
  return true;
}

/** The warehouse's readiness of these products, by id (empty when the warehouse cannot answer: the function evaluates them). */
async function warehouseReadiness(
  warehouse: Warehouse,
  task: ReadinessTask,
  rules: ReadinessRules,
  ids: string[],
): Promise<Map<string, Record<string, unknown>>> {
  if (ids.length === 0) return new Map();
  try {
    const rows = await warehouse.query(pageReadinessSql(warehouse.table(FACTS_TABLE), rules, warehouse.dialect), {
      project: task.projectId,
      ncm: ncmCodes(),
      ids,
    });
    return new Map(rows.map((row) => [String(row.id), row]));
  } catch (error) {
    logs.readinessPageQueryFailed(task.projectId, task.runId, error);
    return new Map();
  }
}

/** One page of a run; queues the next page unless it was the last. */
export async function runReadinessPage(
  firestore: Firestore,
  task: ReadinessTask,
  enqueue: EnqueueReadinessTask,
  warehouse: Warehouse = getWarehouse(),
): Promise<void> {
  const project = firestore.collection('project').doc(task.projectId);
  const runRef = project.collection(READINESS_RUN_COLLECTION).doc(task.runId);
  const rules = await storeReadinessRules(firestore, task.projectId);
  /** Facts rows found missing or old, written once the page is committed. */
  let staleFacts: ReturnType<typeof factsMirrorRow>[] = [];
  const outcome = await firestore.runTransaction(async (tx) => {
    staleFacts = [];
    const run = await tx.get(runRef);
    if (run.get('status') !== 'running' || (run.get('cursor') ?? null) !== task.cursor) return null;
    let query = project.collection('product').orderBy(FieldPath.documentId()).limit(READINESS_PAGE_SIZE);
    if (task.cursor !== null) query = query.startAfter(task.cursor);
    const page = await tx.get(query);
    const synced = page.empty ? [] : await tx.getAll(...page.docs.map((product) => project.collection('product-data').doc(product.id)));
    const fromWarehouse = await warehouseReadiness(
      warehouse,
      task,
      rules,
      page.docs.map((product) => product.id),
    );
    let written = 0;
    // The catalogue's tally (the home screen's chart): products not ready per channel, and per rule.
    const tally = new Map<string, number>();
    const count = (key: string) => tally.set(key, (tally.get(key) ?? 0) + 1);
    page.docs.forEach((product, i) => {
      const version = factsVersion(product, synced[i]!);
      const row = fromWarehouse.get(product.id);
      let readiness;
      // A row as fresh as the documents read: the warehouse's answer; else the function's, and the row written.
      if (row && Number(row.update_time_us) === version) {
        readiness = readinessFromRow(row, rules);
        count('evaluatedBy.warehouse');
      } else {
        const facts = factsOf(product, synced[i]!);
        readiness = readinessOfFacts(facts, rules);
        staleFacts.push(factsMirrorRow(task.projectId, product.id, facts, version));
        count('evaluatedBy.function');
      }
      for (const [channel, result] of Object.entries(readiness?.channels ?? {})) {
        if (result.failures.length) count(`summary.${channel}.notReady`);
        for (const failure of result.failures) count(`summary.${channel}.rules.${failure.rule}`);
      }
      if (isDeepStrictEqual(product.get(READINESS_FIELD), readiness)) return;
      tx.update(product.ref, { [READINESS_FIELD]: readiness });
      written += 1;
    });
    const last = page.docs.at(-1)?.id ?? task.cursor;
    const finished = page.size < READINESS_PAGE_SIZE;
    const done = (run.get('done') as number) + page.size;
    tx.update(runRef, {
      cursor: last,
      done,
      written: FieldValue.increment(written),
      ...Object.fromEntries([...tally].map(([key, n]) => [key, FieldValue.increment(n)])),
      status: finished ? 'done' : 'running',
      updatedAt: FieldValue.serverTimestamp(),
      ...(finished ? { finishedAt: FieldValue.serverTimestamp() } : {}),
    });
    return { next: finished ? null : last, done, total: run.get('total') as number, written };
  });
  if (!outcome) {
    logs.readinessRunStale(task.projectId, task.runId, task.cursor);
    return;
  }
  await mirrorFacts(warehouse, task.projectId, staleFacts);
  logs.readinessRunPage(task.projectId, task.runId, outcome.done, outcome.total, outcome.written);
  if (outcome.next !== null) await enqueue({ projectId: task.projectId, runId: task.runId, cursor: outcome.next });
}
