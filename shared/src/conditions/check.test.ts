import { describe, expect, it } from 'vitest';
import { checkCondition } from './check.js';
import { readConditionSql } from './sql-reader.js';
import type { ConditionContext } from './types.js';

function issues(sql: string, context: ConditionContext = 'product') {
  const read = readConditionSql(sql);
  if (!read.ok) throw new Error(read.error.message);
  return checkCondition(read.map, context);
}

describe('the type checker', () => {
  it('accepts the seed rules', () => {
    expect(issues("brand = 'Tramontina' AND Company IN (1, 2, 6)")).toEqual([]);
    expect(issues("event.name = 'page_view' AND customer.id IS NULL", 'layout')).toEqual([]);
    expect(issues("event.name = 'add_to_cart' AND date.daysAgo >= -7", 'customer')).toEqual([]);
  });

  it('points at the node with a Portuguese message', () => {
    expect(issues("Price > 'caro'")).toEqual([{ path: [1], message: 'Tipos diferentes: número comparado a texto.' }]);
    expect(issues("Company IN ('1', '2')")).toEqual([{ path: [1], message: 'Os valores da lista devem ser do tipo número.' }]);
    expect(issues('Price + 1')).toEqual([{ path: [], message: 'A condição precisa resultar em verdadeiro ou falso, não em número.' }]);
    expect(issues("brand = 'x' AND Price")[0]).toEqual({ path: [1], message: 'Esperava verdadeiro/falso em «condição», mas aqui há número.' });
    expect(issues("Price LIKE '1%'")[0]).toMatchObject({ path: [0], message: expect.stringContaining('Esperava texto') });
    expect(issues("ROUND(Price, 1) > 'a'")[0]!.path).toEqual([1]);
    expect(issues('Options.canSell > TRUE')[0]!.message).toMatch(/número ou texto/);
  });

  it('flags an AND/OR with fewer than two conditions, an empty field and an empty list', () => {
    expect(checkCondition({ type: 'AND', params: [{ type: 'bool', value: true }] }, 'product')[0]!.message).toBe('E precisa de pelo menos duas condições.');
    expect(checkCondition({ type: 'IS NULL', params: [{ type: 'field', value: '' }] }, 'product')[0]!.message).toBe('Escolha um campo.');
    expect(
      checkCondition(
        {
          type: 'IN',
          params: [
            { type: 'field', value: 'brand' },
            { type: 'list', value: [] },
          ],
        },
        'product',
      )[0]!.message,
    ).toMatch(/lista está vazia/);
  });

  it('free fields (not in the catalogue) are accepted with any type', () => {
    expect(issues("legacyFlag = 'S' AND legacyScore > 3")).toEqual([]);
  });
});
