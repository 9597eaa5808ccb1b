// The readiness bench's figures (bench/readiness.mjs bundles and runs this in Node).
import { cpus, loadavg } from 'node:os';
import { DuckDBInstance, LIST, VARCHAR, listValue } from '@duckdb/node-api';
import { evaluateReadiness, productFacts, readinessRules, type ProductFacts } from '@console/shared';
import { isKnownNcm, ncmCodes } from '../../functions/src/readiness/ncm-table';
import { catalogueReadinessSql, factColumns, factsRow, notReadyIdsSql, readinessFromRow } from '../../functions/src/readiness/readiness-sql';
import { productImage, readyProduct } from '../../test-support/readiness-products';

const PRODUCTS = 50_000;
const EVALUATE_GOAL_S = 5;
const LIST_GOAL_S = 1;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// A catalogue with the faults real ones have, in every combination over the ids.
const GTINS = ['4006381333931', '4006381333932', '96385074', null, '12345'];
const NCMS = ['8215.20.00', '82152000', '8215.20.99', null, '8509.40.10'];
const products = Array.from({ length: PRODUCTS }, (_, i) => ({
  ...readyProduct(1),
  ProductSiteName: i % 97 === 0 ? 'x'.repeat(160) : `Produto ${i} Tramontina Laguna em aço inox`,
  images: Array.from({ length: i % 4 }, (_, n) => productImage(n + 1)),
  brand: i % 53 === 0 ? '' : 'Tramontina',
  Price: i % 41 === 0 ? null : 50 + (i % 400),
  Stock: { loja: { qty: i % 9 } },
  GrossWeight: i % 61 === 0 ? 900 : 1.4,
  EAN13: GTINS[i % GTINS.length],
  NCMCode: NCMS[(i >> 2) % NCMS.length],
  CESTCode: i % 7 === 0 ? '21.064.00' : undefined,
  Origin: i % 11 === 0 ? '9' : '0',
}));
const rules = readinessRules();
const ids = products.map((_, i) => String(i).padStart(6, '0'));

let t = performance.now();
const facts: ProductFacts[] = products.map(productFacts);
const factsMs = performance.now() - t;

const db = await DuckDBInstance.create(':memory:');
const connection = await db.connect();
const columns = factColumns('duckdb');
await connection.run(`CREATE TABLE product_facts (project VARCHAR, id VARCHAR, ${columns.map(([n, ty]) => `${n} ${ty}`).join(', ')})`);
t = performance.now();
const appender = await connection.createAppender('product_facts');
facts.forEach((f, i) => {
  const row = { project: 'bench', ...factsRow(ids[i]!, f) } as Record<string, string | number | null>;
  for (const name of ['project', 'id', ...columns.map(([n]) => n)]) {
    const value = row[name];
    if (value === null || value === undefined) appender.appendNull();
    else if (typeof value === 'number') appender.appendDouble(value);
    else appender.appendVarchar(value);
  }
  appender.endRow();
});
appender.closeSync();
const loadMs = performance.now() - t;

const params = { project: 'bench', ncm: listValue(ncmCodes()) };
const types = { project: VARCHAR, ncm: LIST(VARCHAR), after: VARCHAR };
const evaluateSql = catalogueReadinessSql('product_facts', rules, 'duckdb');
let notReadyMagalu = 0;
const warehouseRuns: number[] = [];
for (let run = 0; run < 3; run++) {
  t = performance.now();
  const rows = (await connection.runAndReadAll(evaluateSql, params, types)).getRowObjectsJS();
  notReadyMagalu = 0;
  for (const row of rows) if (readinessFromRow(row, rules).notReady.includes('magalu')) notReadyMagalu++;
  warehouseRuns.push(performance.now() - t);
  if (rows.length !== PRODUCTS) throw new Error(`${rows.length} rows`);
}
const warehouseMs = median(warehouseRuns);

// The warehouse's own share: the same statement counted in DuckDB, nothing brought back to Node.
const countRuns: number[] = [];
for (let run = 0; run < 3; run++) {
  t = performance.now();
  await connection.runAndReadAll(`SELECT count(*) FROM (${evaluateSql}) AS r WHERE magalu <> ''`, params, types);
  countRuns.push(performance.now() - t);
}
const countMs = median(countRuns);

const nodeRuns: number[] = [];
let nodeNotReady = 0;
for (let run = 0; run < 3; run++) {
  t = performance.now();
  nodeNotReady = 0;
  for (const f of facts) if (evaluateReadiness(f, rules, isKnownNcm).notReady.includes('magalu')) nodeNotReady++;
  nodeRuns.push(performance.now() - t);
}
const nodeMs = median(nodeRuns);
if (nodeNotReady !== notReadyMagalu) throw new Error(`warehouse ${notReadyMagalu} ≠ evaluator ${nodeNotReady} not ready for Magalu`);

const listSql = notReadyIdsSql('product_facts', rules, 'duckdb', 'magalu');
const listRuns: number[] = [];
let firstPage: unknown[] = [];
for (let run = 0; run < 5; run++) {
  t = performance.now();
  firstPage = (await connection.runAndReadAll(listSql, { ...params, after: '', limit: 50 }, types)).getRowObjectsJS();
  listRuns.push(performance.now() - t);
}
const listMs = median(listRuns);
connection.closeSync();

const s = (ms: number) => (ms / 1000).toFixed(2);
const verdict = (ms: number, goalS: number) => `${(ms / 1000 / goalS).toFixed(2)} of it${ms / 1000 > goalS ? ', OVER' : ''}`;
console.log(`readiness: ${PRODUCTS.toLocaleString('en')} products, 5 channels, ${rules.magalu.length} rules per marketplace`);
console.log(`  facts read from the products (Node, once per write): ${s(factsMs)} s; loaded into DuckDB: ${s(loadMs)} s`);
console.log(
  `  all evaluated by the warehouse (DuckDB), rows read back as stored readiness: ${s(warehouseMs)} s  (goal <= ${EVALUATE_GOAL_S} s: ${verdict(warehouseMs, EVALUATE_GOAL_S)}); baseline, the evaluator in Node: ${s(nodeMs)} s (warehouse/baseline ${(warehouseMs / nodeMs).toFixed(2)}); ${notReadyMagalu.toLocaleString('en')} not ready for Magalu, both agree`,
);
console.log(
  `  the warehouse's own time (the statement counted in DuckDB, no rows to Node): ${s(countMs)} s (${verdict(countMs, EVALUATE_GOAL_S)} of the goal)`,
);
console.log(
  `  'Não prontos para Magalu', first ${firstPage.length}: ${s(listMs)} s  (goal <= ${LIST_GOAL_S} s: ${verdict(listMs, LIST_GOAL_S)}; ${(listMs / warehouseMs).toFixed(2)} of a whole evaluation)`,
);
console.log(`  load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`);
