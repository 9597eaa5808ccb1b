import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCondition, writeConditionGoogleSql, writeConditionSql, type ConditionNode, type ValueType } from '@console/shared';
import {
  BOOLEAN_FIELDS,
  NUMBER_FIELDS,
  STRING_FIELDS,
  conditionTreeArbitrary,
  testRowArbitrary,
  type TestRow,
} from '../../../test-support/condition-arbitraries.js';
import { BigQueryAnalyser, jsValue, zetaValue, type ZetaType } from '../../../test-support/zetasql.js';

/**
 * The condition SQL is written in DuckDB's dialect (shared/src/conditions/README.md, 'SQL dialect'),
 * and the README lists what BigQuery reads otherwise. This holds the list to BigQuery's analyser:
 * over 2,000 random well-typed trees, every SQL without the listed differences (a double-quoted
 * field; a raw newline, a backslash or a doubled quote in a string; a literal NULL operand) is
 * valid GoogleSQL over the same columns, and each listed difference is indeed one. Semantic differences (FLOAT64 literals, division by zero,
 * NaN) are the README's word, not checked here. Set CONDITIONS_SEED to replay a run.
 */
const TREES = 2_000;
const seed = Number(process.env.CONDITIONS_SEED ?? Date.now() % 2 ** 31);

let analyser: BigQueryAnalyser;
beforeAll(async () => {
  analyser = await BigQueryAnalyser.start();
  analyser.createDataset(['c']);
  analyser.createTable(['c', 'r'], ROW_COLUMNS);
}, 60_000);
afterAll(() => analyser?.close());

const t = (typeKind: string): ZetaType => ({ typeKind });
// The differential test's row (test-support/condition-arbitraries.ts), in BigQuery's types.
const ROW_COLUMNS = [
  ...['n1', 'n2', 'n3'].map((name) => ({ name, type: t('TYPE_DOUBLE') })),
  ...['s1', 's2', 'group'].map((name) => ({ name, type: t('TYPE_STRING') })),
  { name: 'b1', type: t('TYPE_BOOL') },
  {
    name: 'event',
    type: {
      typeKind: 'TYPE_STRUCT',
      structType: {
        field: [
          { fieldName: 'name', fieldType: t('TYPE_STRING') },
          { fieldName: 'value', fieldType: t('TYPE_DOUBLE') },
        ],
      },
    },
  },
];

const select = (condition: string) => `SELECT (${condition}) AS c FROM \`c\`.\`r\` AS r`;

/** The README's listed differences, as they show in the written SQL. */
function listedDifference(sql: string): string | null {
  const literals = [...sql.matchAll(/'(?:[^']|'')*'/g)].map(([literal]) => literal);
  const outside = sql.replace(/'(?:[^']|'')*'/g, "'s'");
  if (/"[^"]*"/.test(outside)) return 'a double-quoted field';
  if (literals.some((l) => l.includes('\n'))) return 'a raw newline in a string';
  if (literals.some((l) => l.includes('\\'))) return 'a backslash in a string';
  if (literals.some((l) => l.slice(1, -1).includes("''"))) return 'a doubled quote in a string';
  if (/(?:[=<>+*/-]|\bLIKE)\s*\(*\s*NULL\b|\bNULL\s*\)*\s*(?:[=<>!+*/-]|LIKE\b)/.test(outside)) return 'a literal NULL operand';
  // NULL has no type of its own in GoogleSQL (it is INT64 where nothing says otherwise): IF(c, NULL, NULL) IN ('a') is refused.
  if (/, NULL, NULL\)/.test(outside)) return 'an IF of two NULLs';
  return null;
}

describe('condition SQL read by BigQuery’s analyser', () => {
  it(`every written condition without a listed difference is valid GoogleSQL (${TREES} random trees)`, async () => {
    const trees = fc.sample(conditionTreeArbitrary(3), { seed, numRuns: TREES });
    const refused: string[] = [];
    let portable = 0;
    for (const tree of trees) {
      const sql = writeConditionSql(tree);
      if (listedDifference(sql)) continue;
      portable++;
      await analyser.analyse(select(sql)).catch((error: Error) => refused.push(`${error.message.split('\n')[0]}\n  ${sql}`));
    }
    expect(portable, 'trees left to check').toBeGreaterThan(TREES / 4);
    expect(refused, `seed ${seed} (CONDITIONS_SEED=${seed})`).toEqual([]);
  }, 120_000);

  it('each listed difference is one', async () => {
    // A double-quoted name is a string in GoogleSQL, not the column: `"n1" + 1` adds a string.
    await analyser.analyse(select('n1 + 1 > 0'));
    await expect(analyser.analyse(select('"n1" + 1 > 0'))).rejects.toThrow(/Could not cast literal "n1"/);
    await expect(analyser.analyse(select(`s1 = 'linha 1\nlinha 2'`))).rejects.toThrow(/Unclosed string literal|newline/i);
    await expect(analyser.analyse(select(`s1 LIKE 'page\\_%' AND s2 = 'a\\q'`))).rejects.toThrow(/escape/i);
    await expect(analyser.analyse(select(`s1 = 'O''Brien'`))).rejects.toThrow(/Unexpected string literal 'Brien'/);
    await expect(analyser.analyse(select('n1 = NULL'))).rejects.toThrow(/Operands of = cannot be literal NULL/);
    await expect(analyser.analyse(select("IF(b1, NULL, NULL) IN ('a')"))).rejects.toThrow(/No matching signature for operator IN/);
    // What the README gives for BigQuery instead: backticks, escapes, IS NULL.
    await analyser.analyse(select("`group` = 'x' AND s1 = 'linha 1\\nlinha 2' AND s2 = 'O\\'Brien' AND n1 IS NULL"));
  });
});

/** The test row's columns' types, for the GoogleSQL writer (they are outside every catalogue). */
const fieldType = (field: string): ValueType | undefined =>
  (NUMBER_FIELDS as readonly string[]).includes(field)
    ? 'number'
    : (STRING_FIELDS as readonly string[]).includes(field)
      ? 'string'
      : (BOOLEAN_FIELDS as readonly string[]).includes(field)
        ? 'boolean'
        : undefined;
const googleSql = (tree: ConditionNode) => writeConditionGoogleSql(tree, { context: 'customer', fieldType });

/** A test row as the table's ZetaSQL values. */
const rowValues = (row: TestRow) => ROW_COLUMNS.map((c) => zetaValue(c.type, row[c.name as keyof TestRow]));

describe('condition SQL written for BigQuery (writeConditionGoogleSql)', () => {
  it(`is valid GoogleSQL for ${TREES} random trees, listed differences included`, async () => {
    const trees = fc.sample(conditionTreeArbitrary(3), { seed, numRuns: TREES });
    const refused: string[] = [];
    for (const tree of trees) {
      const sql = googleSql(tree);
      await analyser.analyse(select(sql)).catch((error: Error) => refused.push(`${error.message.split('\n')[0]}\n  ${sql}`));
    }
    expect(refused.slice(0, 5), `seed ${seed} (CONDITIONS_SEED=${seed}): ${refused.length} refused`).toEqual([]);
  }, 120_000);

  it("answers the evaluator's values on ZetaSQL's reference implementation (random trees × rows)", async () => {
    // A NaN stored in a row is left out: GoogleSQL's NaN is unequal to itself, DuckDB's equal (README,
    // 'SQL dialect'); the writer makes comparisons NaN-aware only where the condition divides.
    const rows = fc.sample(testRowArbitrary, { seed, numRuns: 60 }).filter((r) => ![r.n1, r.n2, r.n3, r.event?.value].some((n) => Number.isNaN(n)));
    const n = (value: number): ConditionNode => ({ type: 'numeric', value });
    const str = (value: string): ConditionNode => ({ type: 'string', value });
    const f = (value: string): ConditionNode => ({ type: 'field', value });
    const op = (type: string, ...params: ConditionNode[]) => ({ type, params }) as ConditionNode;
    // Each README difference once for sure, beside the random trees.
    const differences = [
      op('=', op('+', n(0.1), n(0.2)), n(0.3)),
      op('LIKE', str('page_view'), str('page\\_%')),
      op('LIKE', str('a\\b'), str('a\\b')),
      op('LIKE', f('s1'), op('IF', { type: 'bool', value: true }, str('%\\%'), str('x'))),
      op('>', op('/', f('n1'), n(0)), n(0)),
      op('=', op('/', f('n1'), f('n1')), op('/', n(0), n(0))),
      op('=', f('s1'), str("O'Brien\nlinha")),
      op('IN', { type: 'null', value: null }, { type: 'list', value: ['a'] }),
      op('IS NULL', op('=', f('n1'), { type: 'null', value: null })),
    ];
    const trees = [...differences, ...fc.sample(conditionTreeArbitrary(3), { seed: seed + 1, numRuns: 1000 })];
    analyser.setRows(['c', 'r'], rows.map(rowValues));
    const mismatches: string[] = [];
    const PER_QUERY = 50;
    for (let start = 0; start < trees.length; start += PER_QUERY) {
      const batch = trees.slice(start, start + PER_QUERY);
      const sqls = batch.map(googleSql);
      const { rows: answered } = await analyser.evaluateQuery(`SELECT ${sqls.map((s, i) => `(${s}) AS c${i}`).join(', ')} FROM \`c\`.\`r\` AS r`);
      batch.forEach((tree, i) => {
        const evaluate = compileCondition(tree);
        rows.forEach((row, r) => {
          const expected = evaluate(row);
          const actual = jsValue(answered[r]![i]!);
          if (actual !== expected) mismatches.push(`evaluator ${expected}, BigQuery ${String(actual)}\n  ${sqls[i]}\n  ${JSON.stringify(row)}`);
        });
      });
    }
    expect(mismatches.slice(0, 5), `seed ${seed} (CONDITIONS_SEED=${seed}): ${mismatches.length} mismatches`).toEqual([]);
  }, 120_000);
});
