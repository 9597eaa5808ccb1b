import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCondition, writeConditionSql, type ConditionNode } from '@console/shared';

/**
 * Condition values of any text: for random strings — any Unicode (emoji, accents, combining marks,
 * tabs), and strings made of regular-expression metacharacters, `-`, backslash, quotes and the LIKE
 * wildcards — LIKE, =, <, >, BETWEEN and IN give the evaluator's answer equal to DuckDB's running
 * the written SQL. Both the compared value and the pattern come from the row or the tree.
 * Set CONDITIONS_SEED to replay a run; the seed is printed on failure.
 */
const CASES = 4_000;
const PER_QUERY = 200;
const seed = Number(process.env.CONDITIONS_SEED ?? Date.now() % 2 ** 31);

const TRICKY = [
  '-',
  '\\',
  '/',
  '.',
  '*',
  '+',
  '?',
  '^',
  '$',
  '(',
  ')',
  '[',
  ']',
  '{',
  '}',
  '|',
  "'",
  '"',
  '%',
  '_',
  '\n',
  ',',
  'a',
  'A',
  'é',
  'e\u0301',
  'ç',
  'ß',
  '😀',
  '👍🏽',
  ' ',
  '\t',
  '¿',
];
/** NUL ends a string literal in DuckDB's parser, so the type checker refuses it in a tree (limits.ts). */
const text = fc
  .oneof(
    fc.string({ unit: 'grapheme', maxLength: 10 }),
    fc.string({ unit: 'grapheme-composite', maxLength: 6 }),
    fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 10 }),
    fc.constantFrom('acessorios-churrasco', 'https://loja.com/p/faca-chef-20cm', '01310-100', "D'Ávila & Cia"),
  )
  .map((s) => s.replace(/\0/g, ''));
/** A pattern cut from the value (so it often matches), with wildcards put in. */
const patternFrom = (value: string) =>
  fc
    .array(fc.tuple(fc.nat(12), fc.constantFrom('%', '_', '')), { maxLength: 4 })
    .map((cuts) => cuts.reduce((p, [at, w]) => [...p.slice(0, at), w, ...p.slice(at + 1)], [...value]).join(''));

interface Case {
  value: string;
  tree: ConditionNode;
}

const field: ConditionNode = { type: 'field', value: 'v' };
const str = (value: string): ConditionNode => ({ type: 'string', value });
const caseArbitrary: fc.Arbitrary<Case> = text.chain((value) =>
  fc.oneof(
    fc
      .oneof(text, patternFrom(value), fc.constantFrom('%-%', '%/p/%-%', '_%_', '%'))
      .map((p) => ({ value, tree: { type: 'LIKE', params: [field, str(p)] } }) as Case),
    // The pattern from the row, the value a literal.
    text.map((v) => ({ value, tree: { type: 'LIKE', params: [str(v), field] } }) as Case),
    fc
      .tuple(fc.constantFrom('=', '!=', '<', '<=', '>', '>='), fc.oneof(text, fc.constant(value)))
      .map(([op, other]) => ({ value, tree: { type: op, params: [field, str(other)] } }) as Case),
    fc.tuple(text, text).map(([lo, hi]) => ({ value, tree: { type: 'BETWEEN', params: [field, str(lo), str(hi)] } }) as Case),
    fc
      .array(fc.oneof(text, fc.constant(value)), { minLength: 1, maxLength: 4 })
      .map((items) => ({ value, tree: { type: 'IN', params: [field, { type: 'list', value: items }] } }) as Case),
  ),
);

/** A string literal as DuckDB reads it (the writer's own quoting is what is under test for the trees). */
const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

describe('condition values of any text against DuckDB', () => {
  let connection: DuckDBConnection;
  const cases = fc.sample(caseArbitrary, { seed, numRuns: CASES });
  const replay = `(seed ${seed}: CONDITIONS_SEED=${seed} npx vitest run --project unit condition-strings.differential)`;

  beforeAll(async () => {
    connection = await (await DuckDBInstance.create(':memory:')).connect();
  });
  afterAll(() => connection?.closeSync());

  it(`LIKE, comparisons and IN agree with DuckDB for ${CASES} random strings`, async () => {
    const report: string[] = [];
    let mismatches = 0;
    for (let start = 0; start < cases.length; start += PER_QUERY) {
      const batch = cases.slice(start, start + PER_QUERY);
      // Case i reads its value from column v<i> of one row.
      const sqls = batch.map((c, i) => writeConditionSql(rename(c.tree, `v${i}`)));
      const select = `SELECT ${sqls.map((s, i) => `(${s}) AS c${i}`).join(', ')} FROM (SELECT ${batch.map((c, i) => `${literal(c.value)} AS v${i}`).join(', ')})`;
      const [row] = (await connection.runAndReadAll(select)).getRows() as unknown[][];
      batch.forEach((c, i) => {
        const expected = row![i] ?? null;
        const actual = compileCondition(c.tree)({ v: c.value });
        if (actual !== expected) {
          mismatches++;
          if (report.length < 5) report.push(`evaluator ${actual}, DuckDB ${expected}: ${JSON.stringify(c.value)} / ${sqls[i]} / ${JSON.stringify(c.tree)}`);
        }
      });
    }
    if (mismatches > 0) expect.fail(`${replay} ${mismatches} mismatches:\n${report.join('\n')}`);
  }, 120_000);
});

function rename(node: ConditionNode, name: string): ConditionNode {
  if (node.type === 'field') return { type: 'field', value: name };
  if ('params' in node) return { ...node, params: node.params.map((p) => rename(p, name)) };
  return node;
}
