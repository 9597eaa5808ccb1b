#!/usr/bin/env node
// The contract report of a test run: every exchange the sandboxes recorded (SANDBOX_EXCHANGE_LOG,
// one <sandbox>.jsonl each) checked against its vendor's pinned contract
// (sandboxes/contracts/<vendor>/), both sides: the request our client sent and the sandbox's answer.
// Prints, per vendor, the contract's operations and whether the run covered each, how many
// exchanges were checked or left out (and why), and every violation, grouped, with one example.
// Exits 1 on any violation. `npm test` runs it at its end (sandboxes/README.md, 'Contracts').
// Usage: node scripts/contract-report.mjs [folder]   (default: $SANDBOX_EXCHANGE_LOG)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { CACHE_DIR, ROOT } from './lib/config.mjs';

const folder = process.argv[2] ?? process.env.SANDBOX_EXCHANGE_LOG;
if (!folder || !existsSync(folder)) {
  console.log(`contracts: no exchanges recorded${folder ? ` in ${folder}` : ' (give a folder or set SANDBOX_EXCHANGE_LOG)'}.`);
  process.exit(0);
}

// The checker's TypeScript bundled into .cache, its packages (openapi-backend, ajv) left to Node's
// resolution from there: bundled into a data: URL they would lose their own requires.
const bundle = join(CACHE_DIR, 'contract-report', 'contracts.mjs');
await build({
  entryPoints: [join(ROOT, 'sandboxes/src/contracts/index.ts')],
  outfile: bundle,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  logLevel: 'warning',
});
/** @type {typeof import('../sandboxes/src/contracts/index.js')} */
const contracts = await import(pathToFileURL(bundle).href);
const CONTRACTS_DIR = join(ROOT, 'sandboxes/contracts');

/** @typedef {import('../sandboxes/src/contracts/index.js').Exchange} Exchange */

/** @type {Map<string, Exchange[]>} exchanges by vendor */
const byVendor = new Map();
/** @type {Map<string, number>} exchanges of sandboxes with no contract, by sandbox */
const noVendor = new Map();
let unreadable = 0;
for (const file of readdirSync(folder)
  .filter((f) => f.endsWith('.jsonl'))
  .sort()) {
  for (const line of readFileSync(join(folder, file), 'utf8').split('\n')) {
    if (!line.trim()) continue;
    /** @type {Exchange} */
    let exchange;
    try {
      exchange = JSON.parse(line);
    } catch {
      unreadable += 1;
      continue;
    }
    const vendor = contracts.SANDBOX_CONTRACTS[exchange.sandbox]?.vendor;
    if (!vendor) {
      noVendor.set(exchange.sandbox, (noVendor.get(exchange.sandbox) ?? 0) + 1);
      continue;
    }
    byVendor.set(vendor, [...(byVendor.get(vendor) ?? []), exchange]);
  }
}

let violationCount = 0;
/** @type {string[]} */
const unpinned = [];
const lines = [`contracts: exchanges of ${folder}`];
for (const vendor of contracts.CONTRACT_VENDORS) {
  const exchanges = byVendor.get(vendor) ?? [];
  if (!contracts.contractFile(vendor, CONTRACTS_DIR)) {
    unpinned.push(`${vendor} (${exchanges.length} exchanges)`);
    continue;
  }
  const contract = await contracts.loadContract(vendor, { dir: CONTRACTS_DIR });
  /** @type {Map<string, number>} */
  const leftOut = new Map();
  /** @type {Map<string, number>} */
  const covered = new Map();
  /** @type {Map<string, { count: number, example: string }>} */
  const groups = new Map();
  let checked = 0;
  for (const exchange of exchanges) {
    const why = contracts.notChecked(exchange);
    if (why) {
      // Faults are grouped by kind, not by their every parameter.
      const reason = exchange.skip === 'fault' ? 'answers replaced by injected faults' : why;
      leftOut.set(reason, (leftOut.get(reason) ?? 0) + 1);
      continue;
    }
    checked += 1;
    const request = contracts.exchangeRequest(exchange);
    const operation = contract.router.matchOperation({ method: request.method.toLowerCase(), path: request.path.split('?')[0] ?? '/', headers: {} });
    if (operation?.operationId) covered.set(operation.operationId, (covered.get(operation.operationId) ?? 0) + 1);
    for (const v of contracts.checkExchange(contract, exchange)) {
      violationCount += 1;
      const key = `${v.where}${v.operation ? ` ${v.operation}` : ''}: ${v.message}`;
      const group = groups.get(key);
      if (group) group.count += 1;
      else
        groups.set(key, {
          count: 1,
          example: `${exchange.method} ${exchange.path} → ${exchange.status ?? 'no answer'} (${exchange.sandbox}, ${exchange.time})`,
        });
    }
  }
  const coveredCount = contract.operations.filter((op) => covered.has(op.id)).length;
  lines.push(
    `\n${vendor}: ${checked} exchanges checked, ${groups.size ? `${[...groups.values()].reduce((n, g) => n + g.count, 0)} violations` : 'all conform'}; operations covered ${coveredCount}/${contract.operations.length}`,
  );
  for (const op of contract.operations)
    lines.push(`  ${covered.has(op.id) ? '✓' : '·'} ${op.method} ${op.path} (${op.id})${covered.has(op.id) ? ` ×${covered.get(op.id)}` : ' — not exercised'}`);
  for (const [reason, count] of leftOut) lines.push(`  left out: ${count} — ${reason}`);
  for (const [key, group] of groups) lines.push(`  ✗ ${key} ×${group.count}\n      e.g. ${group.example}`);
}
if (unpinned.length) lines.push(`\nno contract pinned yet, not checked: ${unpinned.join(', ')}`);
for (const [sandbox, count] of noVendor) lines.push(`${sandbox}: no contract for this sandbox — ${count} exchanges not checked`);
if (unreadable) lines.push(`\n${unreadable} unreadable lines`);
lines.push(`\ncontracts: ${violationCount ? `${violationCount} violations` : 'no violation'}`);
console.log(lines.join('\n'));
process.exit(violationCount ? 1 : 0);
