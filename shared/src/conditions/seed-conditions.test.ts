import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCondition } from './check.js';
import { normaliseCondition } from './normalise.js';
import { readConditionSql } from './sql-reader.js';
import { writeConditionSql } from './sql-writer.js';
import type { ConditionContext } from './types.js';
import { readStoredCondition } from './value.js';

/** Every condition the demo data holds opens, type-checks and saves unchanged. */
const seed = JSON.parse(readFileSync(new URL('../../../emulator-data/seed/firestore.json', import.meta.url), 'utf8')) as Record<
  string,
  Record<string, unknown>
>;

function conditionsOf(path: string, doc: Record<string, unknown>): [ConditionContext, unknown][] {
  const collection = path.split('/')[2];
  if (collection === 'pricing-rule') return [['product', doc.rules]];
  if (collection === 'layout-rule') return [['layout', doc.rules]];
  if (collection === 'customer-segment') {
    return ((doc.rules ?? []) as Record<string, unknown[]>[]).flatMap((r) =>
      [...r.rulesIn!, ...r.rulesInOnly!, ...r.rulesNotIn!].map((c) => ['customer', c] as [ConditionContext, unknown]),
    );
  }
  return [];
}

describe('seeded conditions', () => {
  const found = Object.entries(seed).flatMap(([path, doc]) => conditionsOf(path, doc).map(([context, value]) => ({ path, context, value })));

  it('are there', () => expect(found.length).toBeGreaterThan(20));

  it.each(found.map((c) => [c.path, c] as const))(
    '%s opens, checks, is in normal form and has sql == write(map) == write(read(sql))',
    (_, { context, value }) => {
      const stored = readStoredCondition(value);
      expect(stored.kind).toBe('condition');
      if (stored.kind !== 'condition') return;
      expect(writeConditionSql(stored.map)).toBe(stored.value.sql);
      expect(checkCondition(stored.map, context)).toEqual([]);
      // In normal form, as the conditionSql trigger stores it: opened and saved, it stays byte-identical.
      expect(normaliseCondition(stored.map)).toEqual(stored.map);
      const read = readConditionSql(stored.value.sql);
      expect(read.ok && read.map).toEqual(stored.map);
    },
  );
});
