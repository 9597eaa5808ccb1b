import { randomUUID } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import {
  checkCondition,
  conditionValueSchema,
  normaliseEmail,
  PROJECT_COLLECTION,
  segmentGroups,
  type ConditionNode,
  type SegmentMember,
  type SegmentRuleGroup,
} from '@console/shared';
import type { MirrorTableName, Warehouse } from '../warehouse/warehouse.js';
import { spDay } from './mirror-rows.js';
import { segmentMembersQuery, type SegmentSpec } from './segment-sql.js';

/**
 * A segment's members read from the warehouse mirror (segment-sql.ts), page by page: the query
 * runs once into `segment_member_run` (the run's own rows), and the pages are read from there by
 * position, so neither 'Testar segmento' nor a campaign's snapshot ever holds the whole list, and
 * the conditions are evaluated once per run whatever the number of pages.
 */

/** A segment that cannot be evaluated (missing, or a condition with a problem); the message is Portuguese. */
export class SegmentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SegmentError';
  }
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

function checkedConditions(list: readonly unknown[]): ConditionNode[] {
  return list.map((condition, i) => {
    const parsed = conditionValueSchema.safeParse(condition);
    if (!parsed.success) throw new SegmentError(`Condição ${i + 1} do segmento é inválida.`);
    const [issue] = checkCondition(parsed.data.map, 'customer');
    if (issue) throw new SegmentError(`Condição "${parsed.data.sql}": ${issue.message}`);
    return parsed.data.map;
  });
}

function specOf(segment: Record<string, unknown>): SegmentSpec {
  const explicit = Array.isArray(segment.emails) ? segment.emails : typeof segment.emails === 'string' ? segment.emails.split(/\r?\n/) : [];
  const emails: { given: string; key: string }[] = [];
  for (const raw of explicit) {
    const given = text(raw);
    if (given) emails.push({ given, key: normaliseEmail(given) ?? given.toLowerCase() });
  }
  const groups: SegmentRuleGroup<ConditionNode>[] = segmentGroups(segment.rules).map((g) => ({
    rulesIn: checkedConditions(g.rulesIn),
    rulesInOnly: checkedConditions(g.rulesInOnly),
    rulesNotIn: checkedConditions(g.rulesNotIn),
  }));
  return { emails, groups };
}

/**
 * The segment and its parents (a missing parent, or a loop back to one already on the chain, ends
 * the chain), as the specs the query combines. Throws SegmentError with the Portuguese
 * message of the JavaScript path for a missing segment or a condition with a problem.
 */
export async function loadSegmentChain(firestore: Firestore, project: string, segmentId: unknown): Promise<SegmentSpec[]> {
  if (typeof segmentId !== 'string' || !segmentId || segmentId.includes('/')) throw new SegmentError('Escolha o segmento de clientes.');
  const base = `${PROJECT_COLLECTION}/${project}/customer-segment`;
  const chain: SegmentSpec[] = [];
  const seen = new Set<string>();
  let id: string | null = segmentId;
  while (id && !seen.has(id)) {
    seen.add(id);
    const data = (await firestore.doc(`${base}/${id}`).get()).data();
    if (!data) {
      if (!chain.length) throw new SegmentError('Segmento de clientes não encontrado.');
      break;
    }
    chain.push(specOf(data));
    id = typeof data.parent === 'string' && data.parent && !data.parent.includes('/') ? data.parent : null;
  }
  return chain;
}

/** The runs' table, beside the mirror's (BigQuery: in its dataset). */
function runTable(warehouse: Warehouse): string {
  if (warehouse.dialect === 'duckdb') return 'segment_member_run';
  return warehouse.table('customers').replace(/`customers`$/, '`segment_member_run`');
}

const RUN_COLUMNS = 'run, ord, customer_id, email, phone_number, first_name, last_name';

async function ensureRunTable(warehouse: Warehouse): Promise<void> {
  const [text, integer] = warehouse.dialect === 'duckdb' ? ['VARCHAR', 'BIGINT'] : ['STRING', 'INT64'];
  await warehouse.query(
    `CREATE TABLE IF NOT EXISTS ${runTable(warehouse)} (run ${text} NOT NULL, ord ${integer} NOT NULL, customer_id ${text}, email ${text}, ` +
      `phone_number ${text}, first_name ${text}, last_name ${text})`,
    {},
    { write: true },
  );
}

export interface MemberRun {
  /** The run's id (its rows in the runs' table), to read it again from another process. */
  id: string;
  /** Members in the run. */
  total: number;
  /** The members in list order, `pageSize` at a time (after the first `from`). */
  pages(pageSize: number, from?: number): AsyncIterable<SegmentMember[]>;
  /** Drops the run's rows. */
  close(): Promise<void>;
}

/** Evaluates the segment once in the warehouse; its members are then read in pages. */
export async function startMemberRun(warehouse: Warehouse, firestore: Firestore, project: string, segmentId: unknown, now = new Date()): Promise<MemberRun> {
  const chain = await loadSegmentChain(firestore, project, segmentId);
  const bigquery = warehouse.dialect === 'bigquery';
  const p = (name: string) => (bigquery ? `@${name}` : `$${name}`);
  const table = runTable(warehouse);
  const { sql, params } = segmentMembersQuery(chain, {
    project,
    today: spDay(now),
    dialect: warehouse.dialect,
    table: bigquery ? (name) => warehouse.table(name as MirrorTableName) : undefined,
    withRun: bigquery,
  });
  await ensureRunTable(warehouse);
  const run = randomUUID();
  // Positions 1…n (the query's own ord has gaps where the parent chain drops members): a page is
  // read by position, and a resumed snapshot starts after the members it wrote.
  await warehouse.query(
    bigquery
      ? `INSERT INTO ${table} (${RUN_COLUMNS}) ${sql}`
      : `INSERT INTO ${table} SELECT $run, row_number() OVER (ORDER BY ord), customer_id, email, phone_number, first_name, last_name FROM (${sql})`,
    { ...params, run },
    { write: true },
  );
  const [counted] = await warehouse.query(`SELECT COUNT(*) AS n FROM ${table} WHERE run = ${p('run')}`, { run });
  return memberRunOf(warehouse, run, Number(counted?.n ?? 0));
}

/** A run evaluated before (by this process or another), read again. */
export function memberRunOf(warehouse: Warehouse, run: string, total: number): MemberRun {
  const p = (name: string) => (warehouse.dialect === 'bigquery' ? `@${name}` : `$${name}`);
  const table = runTable(warehouse);
  return {
    id: run,
    total,
    async *pages(pageSize, from = 0) {
      const size = Math.max(1, Math.floor(pageSize));
      for (let after = from; ;) {
        const rows = await warehouse.query(
          `SELECT ord, customer_id, email, phone_number, first_name, last_name FROM ${table} WHERE run = ${p('run')} AND ord > ${p('after')} ORDER BY ord LIMIT ${size}`,
          { run, after },
        );
        if (!rows.length) return;
        yield rows.map((r) => ({
          customerId: (r.customer_id as string | null) ?? null,
          email: (r.email as string | null) ?? null,
          phoneNumber: (r.phone_number as string | null) ?? null,
          firstName: (r.first_name as string | null) ?? null,
          lastName: (r.last_name as string | null) ?? null,
        }));
        after = Number(rows[rows.length - 1]!.ord);
        if (rows.length < size) return;
      }
    },
    async close() {
      await warehouse.query(`DELETE FROM ${table} WHERE run = ${p('run')}`, { run }, { write: true });
    },
  };
}
