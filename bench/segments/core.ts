// `npm run bench -- segments` (bench/segments.mjs bundles this): a store of 500,000 customers and
// 5,000,000 events (two years of page views, carts, purchases) generated in the local warehouse
// by DuckDB itself (generate_series), then 'Testar segmento' on an event-based rule and a
// campaign snapshot of about 200,000 members, each against its goal. Modes:
//   generate <db>            fills the database (the warehouse server is started on it afterwards)
//   report <server url>      'Testar segmento' through the warehouse server, as the function runs it
//   snapshot <server url>    the send job's snapshot step (send-snapshot.ts): members read a page at a
//                            time, each page planned and committed (Firestore a stand-in that
//                            serialises and counts each commit, keeping nothing)
import type { DocumentReference, DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { emailAddressing, writeConditionSql, type ConditionNode } from '@console/shared';
import { takeSnapshot } from '../../functions/src/campaigns/send-snapshot.js';
import { reportFromRun } from '../../functions/src/customer-warehouse/segment-report.js';
import { startMemberRun } from '../../functions/src/customer-warehouse/segment-members.js';
import { createDuckDbWarehouse } from '../../functions/src/warehouse/duckdb.js';
import { createRemoteWarehouse } from '../../functions/src/warehouse/server.js';

const PROJECT = 'bench';

/**
 * The campaign-send document and what the snapshot step calls on Firestore through it (batch(),
 * collection().doc(), commit), its commits serialised as JSON (about the size the SDK sends) and
 * counted, nothing kept: the figure is the function's work and memory, not the emulator's.
 */
function committedSendRef(commits: { count: number; bytes: number; largest: number }): DocumentReference {
  const doc = (path: string): DocumentReference =>
    ({ path, collection: (name: string) => ({ doc: (id: string) => doc(`${path}/${name}/${id}`) }) }) as unknown as DocumentReference;
  const ref = doc(`project/${PROJECT}/campaign-send/email-bench`) as DocumentReference & { firestore: Firestore };
  Object.assign(ref, {
    firestore: {
      batch() {
        let bytes = 0;
        const add = (target: DocumentReference, data: unknown) => (bytes += target.path.length + JSON.stringify(data ?? null).length);
        const write = {
          set: (target: DocumentReference, data: unknown) => (add(target, data), write),
          update: (target: DocumentReference, data: unknown) => (add(target, data), write),
          delete: (target: DocumentReference) => (add(target, null), write),
          async commit() {
            commits.count++;
            commits.bytes += bytes;
            commits.largest = Math.max(commits.largest, bytes);
            return [{ writeTime: { seconds: commits.count } }];
          },
        };
        return write;
      },
    },
  });
  return ref;
}

/** The send as the snapshot step reads it first: preparing, under this run's lease. */
function preparingSend(ref: DocumentReference): DocumentSnapshot {
  return { ref, updateTime: { seconds: 0 }, data: () => ({ status: 'preparing', lease: { owner: 'bench' } }) } as unknown as DocumentSnapshot;
}
// SEGMENTS_BENCH_CUSTOMERS / SEGMENTS_BENCH_EVENTS shrink the store for a quick try of the bench itself.
const CUSTOMERS = Number(process.env.SEGMENTS_BENCH_CUSTOMERS ?? 500_000);
const EVENTS = Number(process.env.SEGMENTS_BENCH_EVENTS ?? 5_000_000);
const STATES = [
  'AC',
  'AL',
  'AP',
  'AM',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MT',
  'MS',
  'MG',
  'PA',
  'PB',
  'PR',
  'PE',
  'PI',
  'RJ',
  'RN',
  'RS',
  'RO',
  'RR',
  'SC',
  'SP',
  'SE',
  'TO',
];
const SNAPSHOT_STATES = ['SP', 'MG', 'RJ', 'PR', 'SC', 'RS', 'BA', 'GO', 'DF', 'ES', 'PE'];

const field = (value: string): ConditionNode => ({ type: 'field', value });
const op = (type: string, ...params: ConditionNode[]) => ({ type, params }) as ConditionNode;
const condition = (map: ConditionNode) => ({ map, sql: writeConditionSql(map) });

/** The segments, as stored: a purchase in the last 30 days; customers of eleven states. */
const SEGMENTS: Record<string, Record<string, unknown>> = {
  'compraram-30-dias': {
    rules: [
      {
        rulesIn: [
          condition(
            op('AND', op('=', field('event.name'), { type: 'string', value: 'purchase' }), op('>=', field('date.daysAgo'), { type: 'numeric', value: -30 })),
          ),
        ],
        rulesInOnly: [],
        rulesNotIn: [],
      },
    ],
  },
  'onze-estados': {
    rules: [{ rulesIn: [condition(op('IN', field('customer.state'), { type: 'list', value: SNAPSHOT_STATES }))], rulesInOnly: [], rulesNotIn: [] }],
  },
};

/** The segment documents, as the Firestore SDK answers them (the bench has no emulator). */
const firestore = {
  doc: (path: string) => ({ get: async () => ({ data: () => SEGMENTS[path.slice(path.lastIndexOf('/') + 1)] }) }),
} as unknown as Firestore;

const [mode, target] = process.argv.slice(2);

if (mode === 'generate') {
  const warehouse = createDuckDbWarehouse({ path: target!, pooledConnections: 1 });
  const run = (sql: string) => warehouse.query(sql, {}, { write: true });
  const states = `[${STATES.map((s) => `'${s}'`).join(', ')}]`;
  const started = performance.now();
  await run(
    `INSERT INTO customers (project, id, data, source, fetched_at, customer__id, customer__email, customer__firstName, own_state, member_email, member_first_name, email_key, update_time_us, deleted) ` +
      `SELECT '${PROJECT}', id, '{}', 'bench', now(), id, email, 'Cliente ' || i, CASE WHEN i % 10 = 0 THEN NULL ELSE ${states}[1 + i % 27] END, email, 'Cliente ' || i, email, 1, 0 ` +
      `FROM (SELECT i, 'c' || lpad(i::VARCHAR, 7, '0') AS id, 'cliente' || i || '@loja.test' AS email FROM generate_series(0, ${CUSTOMERS - 1}) t(i))`,
  );
  const names = `['page_view', 'view_item', 'search', 'add_to_cart', 'shipping_quote', 'begin_checkout', 'purchase']`;
  // Two years of events: the moment of event i spread over 730 days before now.
  await run(
    `INSERT INTO customer_events (project, id, data, source, fetched_at, customer_id, event__name, event__url, event__createdAt, ` +
      `date__minute, date__hour, date__day, date__month, date__weekday, date__year, sp_day, product_code, state_hint, update_time_us, deleted) ` +
      `SELECT '${PROJECT}', 'e' || i, '{}', 'bench', now(), 'c' || lpad(((hash(i) % ${CUSTOMERS})::BIGINT)::VARCHAR, 7, '0'), ${names}[1 + (hash(i * 7) % 7)::INTEGER], '/p/' || (i % 2000), ` +
      `strftime(moment, '%Y-%m-%dT%H:%M:%S.000Z'), minute(moment), hour(moment), day(moment), month(moment), isodow(moment), year(moment), ` +
      `(epoch(moment) / 86400)::BIGINT - 10957, CAST(10000 + i % 2000 AS VARCHAR), ${states}[1 + (hash(i * 3) % 27)::INTEGER], 1, 0 ` +
      `FROM (SELECT i, (now()::TIMESTAMP - to_seconds((hash(i * 13) % (730 * 86400))::BIGINT)) AS moment FROM generate_series(0, ${EVENTS - 1}) t(i))`,
  );
  const [{ n: customers }] = (await warehouse.query(`SELECT COUNT(*) AS n FROM customers`)) as [{ n: number }];
  const [{ n: events }] = (await warehouse.query(`SELECT COUNT(*) AS n FROM customer_events`)) as [{ n: number }];
  await warehouse.close();
  console.log(
    `segments generated ${customers.toLocaleString('en-US')} customers and ${events.toLocaleString('en-US')} events in DuckDB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} else if (mode === 'report') {
  const warehouse = createRemoteWarehouse(target!);
  const started = performance.now();
  const run = await startMemberRun(warehouse, firestore, PROJECT, 'compraram-30-dias');
  const evaluated = performance.now();
  const report = await reportFromRun(run, new Map(), { page: 1, pageSize: 50 });
  await run.close();
  const ms = performance.now() - started;
  const cpu = process.cpuUsage();
  console.log(
    `segments 'Testar segmento' (event.name = 'purchase' AND date.daysAgo >= -30): ${(ms / 1000).toFixed(2)} s  (goal <= 2 s${ms > 2000 ? ', OVER' : ''}): ` +
      `${report.count.toLocaleString('en-US')} members, ${report.data.length} on the page; the query ${((evaluated - started) / 1000).toFixed(2)} s, reading and counting ${((performance.now() - evaluated) / 1000).toFixed(2)} s; this process's CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`,
  );
} else if (mode === 'snapshot') {
  const warehouse = createRemoteWarehouse(target!);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  // The send job's snapshot step itself (send-snapshot.ts): the members read a page at a time from
  // the warehouse run, each page planned and committed, a cursor per commit. Firestore is a
  // stand-in that serialises each commit as the SDK would send it and keeps nothing.
  const commits = { count: 0, bytes: 0, largest: 0 };
  const sendRef = committedSendRef(commits);
  const source = await startMemberRun(warehouse, firestore, PROJECT, 'onze-estados');
  const result = await takeSnapshot({
    firestore: sendRef.firestore,
    sendRef,
    current: preparingSend(sendRef),
    members: async () => ({ run: source.id, total: source.total, pages: (size, from) => source.pages(size, from), close: () => source.close() }),
    preferences: new Map(),
    addressing: emailAddressing,
    sendKey: `${PROJECT}\nemail-bench`,
    lease: { owner: 'bench', until: Date.now() + 600_000 },
    claim: async () => ({ chunk: 1000, prepare: () => undefined }),
    now: Date.now,
  });
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const mib = peak / 2 ** 20;
  console.log(
    `segments snapshot: ${source.total.toLocaleString('en-US')} members, ${result!.ids.length} batches in ${commits.count} commits (${(commits.bytes / 2 ** 20).toFixed(1)} MiB written, the largest commit ${(commits.largest / 2 ** 20).toFixed(1)} MiB) in ${(ms / 1000).toFixed(2)} s ` +
      `(goal <= 60 s${ms > 60_000 ? ', OVER' : ''}), peak memory ${mib.toFixed(0)} MiB (goal <= 256 MiB${mib > 256 ? ', OVER' : ''}); this process's CPU ${((process.cpuUsage().user + process.cpuUsage().system) / 1e6).toFixed(2)} s`,
  );
} else {
  console.error('usage: core.mjs generate <db> | report <url> | snapshot <url>');
  process.exit(2);
}
