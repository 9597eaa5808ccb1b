// The condition core's figures (bench/conditions.mjs bundles and runs this in Node): writing and
// reading 1,000 random trees of about 200 nodes, and evaluating one pricing rule over 10,000
// products, each next to a baseline of the same run (JSON for the text, a hand-written predicate
// for the evaluation).
import { cpus, loadavg } from 'node:os';
import { compileCondition, countNodes, productConditionRow, readConditionSql, writeConditionSql, type ConditionNode } from '@console/shared';
import { largeConditionTree } from '../../test-support/condition-arbitraries';

const TREES = 1000;
const PRODUCTS = 10_000;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const time = (f: () => void, runs = 7) =>
  median(
    Array.from({ length: runs }, () => {
      const t = performance.now();
      f();
      return performance.now() - t;
    }),
  );

const trees: ConditionNode[] = Array.from({ length: TREES }, (_, i) => largeConditionTree(200, 1000 + i));
const nodes = trees.reduce((n, t) => n + countNodes(t), 0) / TREES;
let sqls: string[] = [];
const write = time(() => {
  sqls = trees.map(writeConditionSql);
});
const json = time(() => {
  trees.map((t) => JSON.stringify(t));
});
const texts = trees.map((t) => JSON.stringify(t));
const read = time(() => {
  for (const s of sqls) if (!readConditionSql(s).ok) throw new Error('read failed');
}, 5);
const parse = time(() => {
  for (const s of texts) JSON.parse(s);
});

const sections = ['panelas', 'facas', 'eletroportateis', 'churrasco', 'utensilios'];
const products = Array.from({ length: PRODUCTS }, (_, i) => ({
  ProductCode: String(10_000_000 + i),
  section: sections[i % 5],
  brand: i % 3 ? 'Tramontina' : 'Mor',
  Company: (i % 7) + 1,
  Price: i % 11 === 0 ? null : 50 + (i % 400),
  PriceNet: 20 + (i % 200),
  Options: { canSell: i % 4 !== 0 },
  Stock: { a: { qty: i % 9 } },
}));
const rule = readConditionSql(
  "section = 'panelas' AND Price BETWEEN 100 AND 300 AND (brand = 'Tramontina' OR Company IN (1, 2, 6)) AND Options.canSell = TRUE",
);
if (!rule.ok) throw new Error(rule.error.message);
const rows = products.map(productConditionRow);
const test = compileCondition(rule.map);
let matched = 0;
const evaluate = time(() => {
  matched = 0;
  for (const r of rows) if (test(r) === true) matched++;
}, 21);
const withRows = time(() => {
  for (const p of products) test(productConditionRow(p));
}, 5);
let manual = 0;
const byHand = time(() => {
  manual = 0;
  for (const p of products)
    if (
      p.section === 'panelas' &&
      p.Price !== null &&
      p.Price >= 100 &&
      p.Price <= 300 &&
      (p.brand === 'Tramontina' || [1, 2, 6].includes(p.Company)) &&
      p.Options.canSell === true
    )
      manual++;
}, 21);
if (manual !== matched) throw new Error(`evaluator ${matched} vs hand-written ${manual}`);

const f = (ms: number) => `${ms.toFixed(1)} ms`;
// Figures scale with the machine's load; the baselines of the same run are what to compare with.
console.log(`conditions machine load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`);
console.log(
  `conditions write ${TREES} trees of ~${nodes.toFixed(0)} nodes: ${f(write)}  (goal 100 ms: ${(write / 100).toFixed(2)} of it; JSON.stringify ${f(json)}, ratio ${(write / json).toFixed(1)})`,
);
console.log(`conditions read them back (SQL → tree): ${f(read)}  (JSON.parse ${f(parse)}, ratio ${(read / parse).toFixed(1)})`);
console.log(
  `conditions evaluate one rule over ${PRODUCTS} products: ${f(evaluate)}  (goal 10 ms: ${(evaluate / 10).toFixed(2)} of it; hand-written predicate ${f(byHand)}, ratio ${(evaluate / byHand).toFixed(1)}; ${matched} matched)`,
);
console.log(`conditions   including building the rows from product documents: ${f(withRows)}`);
