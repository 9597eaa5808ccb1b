import { describe, expect, it } from 'vitest';
import { readConditionSql } from './sql-reader.js';
import { writeConditionSql } from './sql-writer.js';
import type { ConditionNode } from './types.js';

const f = (value: string): ConditionNode => ({ type: 'field', value });
const s = (value: string): ConditionNode => ({ type: 'string', value });
const n = (value: number): ConditionNode => ({ type: 'numeric', value });
const op = (type: string, ...params: ConditionNode[]) => ({ type, params }) as ConditionNode;

function roundTrip(sql: string) {
  const read = readConditionSql(sql);
  if (!read.ok) throw new Error(read.error.message);
  return read.map;
}

describe('SQL writer and reader, node by node', () => {
  const cases: [string, ConditionNode, string][] = [
    ['=', op('=', f('brand'), s('Tramontina')), "brand = 'Tramontina'"],
    ['!=', op('!=', f('brand'), s('Mor')), "brand != 'Mor'"],
    ['>', op('>', f('PriceNet'), n(0)), 'PriceNet > 0'],
    ['>=', op('>=', f('Price'), n(150)), 'Price >= 150'],
    ['<', op('<', f('Price'), n(-7.5)), 'Price < -7.5'],
    ['<=', op('<=', f('Price'), n(99.9)), 'Price <= 99.9'],
    ['BETWEEN', op('BETWEEN', f('Price'), n(100), n(200)), 'Price BETWEEN 100 AND 200'],
    ['LIKE', op('LIKE', f('ProductSiteName'), s('%Panela%')), "ProductSiteName LIKE '%Panela%'"],
    ['IN with numbers', op('IN', f('Company'), { type: 'list', value: [1, 2, 6] }), 'Company IN (1, 2, 6)'],
    ['IN with texts', op('IN', f('shipping.region'), { type: 'list', value: ['RS', 'SC'] }), "shipping.region IN ('RS', 'SC')"],
    ['IS NULL', op('IS NULL', f('customer.id')), 'customer.id IS NULL'],
    ['IS NOT NULL', op('IS NOT NULL', f('customer.id')), 'customer.id IS NOT NULL'],
    ['/', op('>', op('/', f('Price'), f('PriceNet')), n(1.7)), 'Price / PriceNet > 1.7'],
    ['*', op('>=', f('Price'), op('*', f('PriceNet'), n(2))), 'Price >= PriceNet * 2'],
    ['+', op('=', op('+', f('a'), n(1)), n(2)), 'a + 1 = 2'],
    ['-', op('=', op('-', f('a'), op('-', f('b'), n(-1))), n(0)), 'a - (b - -1) = 0'],
    ['ROUND', op('=', op('ROUND', f('Price'), n(1)), n(10)), 'ROUND(Price, 1) = 10'],
    ['IF', op('IF', f('b'), op('>', f('a'), n(1)), { type: 'bool', value: false }), 'IF(b, a > 1, FALSE)'],
    ['bool', { type: 'bool', value: true }, 'TRUE'],
    ['null', op('=', f('a'), { type: 'null', value: null }), 'a = NULL'],
    ['function', op('=', { type: 'function', value: 'LOWER', params: [f('brand')] }, s('mor')), "LOWER(brand) = 'mor'"],
    ['AND', op('AND', op('=', f('a'), n(1)), op('=', f('b'), n(2))), 'a = 1 AND b = 2'],
    ['OR inside AND', op('AND', op('OR', f('x'), f('y')), f('z')), '(x OR y) AND z'],
    ['AND inside AND keeps its nesting', op('AND', op('AND', f('x'), f('y')), f('z')), '(x AND y) AND z'],
    ['a comparison inside a comparison', op('=', op('>', f('a'), n(1)), op('IS NULL', f('b'))), '(a > 1) = (b IS NULL)'],
    ['reserved and unusual field names', op('=', f('group'), f('preço total')), '"group" = "preço total"'],
  ];
  for (const [name, tree, sql] of cases) {
    it(`${name}: writes ${sql} and reads it back`, () => {
      expect(writeConditionSql(tree)).toBe(sql);
      expect(roundTrip(sql)).toEqual(tree);
    });
  }

  it('a single-parameter AND/OR yields just that parameter (document 1 §5)', () => {
    expect(writeConditionSql(op('AND', op('=', f('a'), n(1))))).toBe('a = 1');
    expect(writeConditionSql(op('OR', op('AND', op('=', f('a'), n(1))), f('b')))).toBe('a = 1 OR b');
  });

  it("a value with ', a comma and a newline survives, in strings and in lists", () => {
    const value = "D'Ávila, linha 1\nlinha 2";
    const tree = op('AND', op('=', f('name'), s(value)), op('IN', f('tag'), { type: 'list', value: [value, 'x'] }));
    const sql = writeConditionSql(tree);
    expect(sql).toBe("name = 'D''Ávila, linha 1\nlinha 2' AND tag IN ('D''Ávila, linha 1\nlinha 2', 'x')");
    expect(roundTrip(sql)).toEqual(tree);
  });

  it('reads what people type: <>, lower-case keywords, comments, extra parentheses', () => {
    expect(roundTrip("brand <> 'x' and (Price >= 10) -- comentário")).toEqual(op('AND', op('!=', f('brand'), s('x')), op('>=', f('Price'), n(10))));
    expect(roundTrip('not_a_keyword is not null')).toEqual(op('IS NOT NULL', f('not_a_keyword')));
  });

  it('refuses what the nodes cannot express, in Portuguese, with the position', () => {
    const refusals: [string, RegExp][] = [
      ["NOT brand = 'x'", /NOT não pode ser representado/],
      ['a NOT IN (1, 2)', /NOT IN não pode ser representado/],
      ['CASE WHEN a THEN 1 ELSE 2 END = 1', /CASE não é aceito/],
      ['a % 2 = 0', /operador % \(resto\)/],
      ["brand ILIKE 'x'", /ILIKE não é aceito/],
      ['a IS TRUE', /depois de IS só é aceito NULL/],
      ['COALESCE(a, 1) = 1', /a função COALESCE não é aceita/],
      ["brand = 'sem fim", /texto sem a aspa/],
      ['a = 1 AND', /falta um valor/],
      ['a = = 1', /esperava um valor|operador '='/],
      ['a IN (SELECT x FROM t)', /subconsultas/],
      ['a = 1 b = 2', /texto a mais/],
      ['', /vazia/],
      ['group = 1', /palavra reservada/],
    ];
    for (const [sql, message] of refusals) {
      const read = readConditionSql(sql);
      expect(read.ok, sql).toBe(false);
      if (!read.ok) {
        expect(read.error.message, sql).toMatch(message);
        expect(read.error.message).toMatch(/^Posição \d+: /);
      }
    }
  });

  it('points at the offending text', () => {
    const read = readConditionSql("Price > 10 AND NOT brand = 'x'");
    expect(read.ok).toBe(false);
    if (!read.ok) expect("Price > 10 AND NOT brand = 'x'".slice(read.error.from, read.error.to)).toBe('NOT');
  });
});
