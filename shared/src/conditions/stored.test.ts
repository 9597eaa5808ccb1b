import { describe, expect, it } from 'vitest';
import { customerSegment } from '../collections/store/customer-segment.js';
import { layoutRule } from '../collections/store/layout-rule.js';
import { conditionSqlMismatches, settleConditionValue, settleDocumentConditions, UNREADABLE_CONDITION_SQL } from './stored.js';
import { writeConditionSql } from './sql-writer.js';
import type { ConditionNode } from './types.js';

const url: ConditionNode = {
  type: 'LIKE',
  params: [
    { type: 'field', value: 'event.url' },
    { type: 'string', value: '%/p/%-%' },
  ],
};
const emptyIn: ConditionNode = {
  type: 'IN',
  params: [
    { type: 'field', value: 'customer.state' },
    { type: 'list', value: [] },
  ],
};

describe('settling stored conditions', () => {
  it('recomputes sql from map, whatever the writer sent, and leaves a settled value alone', () => {
    expect(settleConditionValue({ map: url, sql: 'TRUE' }, 'layout')).toEqual({ map: url, sql: writeConditionSql(url) });
    expect(settleConditionValue({ map: url, sql: writeConditionSql(url) }, 'layout')).toBeNull();
    expect(settleConditionValue(null, 'layout')).toBeNull();
  });

  it('stores the normal form of a map written in another shape (a group of one, a group in a group of its kind)', () => {
    const other: ConditionNode = { type: 'IS NULL', params: [{ type: 'field', value: 'event.url' }] };
    const written: ConditionNode = { type: 'OR', params: [url, { type: 'OR', params: [{ type: 'AND', params: [other] }, url] }] };
    const normal: ConditionNode = { type: 'OR', params: [url, other, url] };
    expect(settleConditionValue({ map: written, sql: writeConditionSql(written) }, 'layout')).toEqual({ map: normal, sql: writeConditionSql(normal) });
    expect(settleConditionValue({ map: normal, sql: writeConditionSql(normal) }, 'layout')).toBeNull();
    // Its own SQL is not a mismatch for the JSON editor or the import (the trigger then stores the normal form).
    expect(conditionSqlMismatches(layoutRule.fields, { rules: { map: written, sql: writeConditionSql(written) } })).toEqual([]);
    expect(conditionSqlMismatches(layoutRule.fields, { rules: { map: written, sql: writeConditionSql(normal) } })).toEqual([]);
  });

  it('marks a map that does not validate with its problem, and clears the mark once it does', () => {
    const marked = settleConditionValue({ map: emptyIn, sql: 'TRUE' }, 'customer');
    expect(marked).toEqual({ map: emptyIn, sql: 'customer.state IN ()', problem: 'A lista está vazia: informe ao menos um valor.' });
    expect(settleConditionValue(marked, 'customer')).toBeNull();
    expect(settleConditionValue({ ...marked, map: url }, 'layout')).toEqual({ map: url, sql: writeConditionSql(url) });
    expect(settleConditionValue({ map: { type: 'DROP TABLE' }, sql: 'TRUE' }, 'layout')).toEqual({
      map: { type: 'DROP TABLE' },
      sql: UNREADABLE_CONDITION_SQL,
      problem: 'A árvore da condição tem nós que o construtor não conhece.',
    });
  });

  it('finds conditions in a document by its fields: a top-level field and lists inside an array of structs', () => {
    expect(settleDocumentConditions(layoutRule.fields, { name: 'x', rules: { map: url, sql: 'TRUE' } })).toEqual({
      rules: { map: url, sql: writeConditionSql(url) },
    });
    const good = { map: url, sql: writeConditionSql(url) };
    const segment = { name: 's', rules: [{ rulesIn: [good], rulesInOnly: [], rulesNotIn: [{ map: emptyIn, sql: 'FALSE' }] }] };
    const changes = settleDocumentConditions(customerSegment.fields, segment);
    expect(Object.keys(changes)).toEqual(['rules']);
    expect((changes.rules as { rulesNotIn: { problem: string }[] }[])[0]!.rulesNotIn[0]!.problem).toBe('A lista está vazia: informe ao menos um valor.');
    expect(settleDocumentConditions(customerSegment.fields, { ...segment, ...changes })).toEqual({});
  });
});

describe('conditions written by hand', () => {
  it('names a condition whose sql is not its map’s, or whose map is not a tree', () => {
    expect(conditionSqlMismatches(layoutRule.fields, { rules: { map: url, sql: writeConditionSql(url) } })).toEqual([]);
    expect(conditionSqlMismatches(layoutRule.fields, { rules: { map: url, sql: 'TRUE' } })).toEqual([
      { path: 'rules', message: "O sql da condição em rules não corresponde ao map: deveria ser «event.url LIKE '%/p/%-%'»." },
    ]);
    const segment = { rules: [{ rulesIn: [{ map: { type: 'DROP' }, sql: 'TRUE' }], rulesInOnly: [], rulesNotIn: [] }] };
    expect(conditionSqlMismatches(customerSegment.fields, segment)).toEqual([
      { path: 'rules[0].rulesIn[0]', message: 'A condição em rules[0].rulesIn[0] não é uma árvore válida.' },
    ]);
  });
});
