import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCondition, readConditionSql, writeConditionSql, type ConditionNode } from '@console/shared';
import { conditionTreeArbitrary, testRowArbitrary, type TestRow } from '../../../test-support/condition-arbitraries.js';

/**
 * The condition SQL is meant for the warehouse: for 10,000 random well-typed trees, reading the
 * written SQL back and writing it again gives the same text, and the evaluator's answer on each of
 * 400 rows (NULLs, NaN, ±Infinity, quotes, commas, newlines) equals DuckDB's running that SQL.
 * Trees are checked 250 to a query. Set CONDITIONS_SEED to replay a run; the seed is printed on failure.
 */
const TREES = 10_000;
const ROWS = 400;
const PER_QUERY = 250;
const seed = Number(process.env.CONDITIONS_SEED ?? Date.now() % 2 ** 31);

function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (typeof v === 'number') {
    if (Number.isNaN(v)) return "'NaN'::DOUBLE";
    if (!Number.isFinite(v)) return v > 0 ? "'Infinity'::DOUBLE" : "'-Infinity'::DOUBLE";
    return `${Object.is(v, -0) ? '-0.0' : String(v)}::DOUBLE`;
  }
  return `'${String(v).replace(/'/g, "''")}'`;
}

function rowSql(id: number, r: TestRow): string {
  const event = r.event === null ? 'NULL' : `{'name': ${sqlLiteral(r.event.name)}, 'value': ${sqlLiteral(r.event.value)}}`;
  return `(${id}, ${[r.n1, r.n2, r.n3].map(sqlLiteral).join(', ')}, ${[r.s1, r.s2, r.group].map(sqlLiteral).join(', ')}, ${sqlLiteral(r.b1)}, ${event})`;
}

describe('condition SQL against DuckDB', () => {
  let connection: DuckDBConnection;
  const rows = fc.sample(testRowArbitrary, { seed, numRuns: ROWS });
  const trees = fc.sample(conditionTreeArbitrary(3), { seed: seed + 1, numRuns: TREES });

  beforeAll(async () => {
    const db = await DuckDBInstance.create(':memory:');
    connection = await db.connect();
    await connection.run(
      'CREATE TABLE r (id INTEGER, n1 DOUBLE, n2 DOUBLE, n3 DOUBLE, s1 VARCHAR, s2 VARCHAR, "group" VARCHAR, b1 BOOLEAN, event STRUCT(name VARCHAR, value DOUBLE))',
    );
    await connection.run(`INSERT INTO r VALUES ${rows.map((r, i) => rowSql(i, r)).join(', ')}`);
  });
  afterAll(() => connection?.closeSync());

  const replay = `(seed ${seed}: CONDITIONS_SEED=${seed} npx vitest run --project unit condition-sql.differential)`;

  it(`write(read(write(tree))) == write(tree) for ${TREES} random trees`, () => {
    for (const tree of trees) {
      const sql = writeConditionSql(tree);
      const read = readConditionSql(sql);
      if (!read.ok) expect.fail(`${replay} the reader refused its own SQL: ${read.error.message}\n${sql}\n${JSON.stringify(tree)}`);
      if (writeConditionSql(read.map) !== sql) expect.fail(`${replay} round trip changed the SQL:\n${sql}\n${writeConditionSql(read.map)}`);
    }
  });

  it(`the evaluator agrees with DuckDB on ${ROWS} rows for each of ${TREES} trees`, async () => {
    let mismatches = 0;
    const report: string[] = [];
    for (let start = 0; start < trees.length; start += PER_QUERY) {
      const batch = trees.slice(start, start + PER_QUERY);
      const sqls = batch.map(writeConditionSql);
      const select = `SELECT ${sqls.map((s, i) => `(${s}) AS c${i}`).join(', ')} FROM r ORDER BY id`;
      let result: unknown[][];
      try {
        result = (await connection.runAndReadAll(select)).getRows() as unknown[][];
      } catch {
        // Find the tree DuckDB refused, to report it.
        for (let i = 0; i < sqls.length; i++) {
          try {
            await connection.runAndReadAll(`SELECT (${sqls[i]}) FROM r`);
          } catch (error) {
            expect.fail(`${replay} DuckDB refused tree ${start + i}: ${(error as Error).message.split('\n')[0]}\n${sqls[i]}`);
          }
        }
        throw new Error('DuckDB refused the batch but no single tree');
      }
      batch.forEach((tree: ConditionNode, i) => {
        const evaluate = compileCondition(tree);
        rows.forEach((row, r) => {
          const expected = result[r]![i] ?? null;
          const actual = evaluate(row);
          if (actual !== expected) {
            mismatches++;
            if (report.length < 5) report.push(`tree ${start + i}, row ${r}: evaluator ${actual}, DuckDB ${expected}\n  ${sqls[i]}\n  ${JSON.stringify(row)}`);
          }
        });
      });
    }
    if (mismatches > 0) expect.fail(`${replay} ${mismatches} mismatches:\n${report.join('\n')}`);
  }, 120_000);
});
