import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeConditionSql } from '@console/shared';
import { conditionTreeArbitrary } from '../../../test-support/condition-arbitraries.js';
import { BigQueryAnalyser } from '../../../test-support/zetasql.js';

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
  const t = (typeKind: string) => ({ typeKind });
  // The differential test's row (test-support/condition-arbitraries.ts), in BigQuery's types.
  analyser.createTable(
    ['c', 'r'],
    [
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
    ],
  );
}, 60_000);
afterAll(() => analyser?.close());

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
