import { describe, expect, it } from 'vitest';
import { evaluateCondition, traceCondition } from './evaluate.js';
import { readConditionSql } from './sql-reader.js';

/** Evaluates SQL text (read with the reader) on a row. */
function run(sql: string, row: Record<string, unknown> = {}) {
  const read = readConditionSql(sql);
  if (!read.ok) throw new Error(read.error.message);
  return evaluateCondition(read.map, row);
}

describe('the evaluator, with SQL three-valued logic', () => {
  const row = { Price: 150, PriceNet: 75, brand: 'Tramontina', Company: 1, missing: null, Options: { canSell: true }, event: { name: 'purchase' } };

  it('compares numbers, texts and booleans, and NULL with anything is NULL', () => {
    expect(run('Price = 150', row)).toBe(true);
    expect(run('Price != 150', row)).toBe(false);
    expect(run('Price > 100 AND Price >= 150 AND Price < 151 AND Price <= 150', row)).toBe(true);
    expect(run("brand = 'Tramontina'", row)).toBe(true);
    expect(run('Options.canSell = TRUE', row)).toBe(true);
    expect(run("event.name = 'purchase'", row)).toBe(true);
    expect(run('missing = 1', row)).toBe(null);
    expect(run('missing != 1', row)).toBe(null);
    expect(run('nosuchfield > 0', row)).toBe(null);
  });

  it('AND is FALSE when any operand is FALSE, NULL when unknown; OR is TRUE when any is TRUE', () => {
    expect(run('missing = 1 AND Price = 0', row)).toBe(false);
    expect(run('missing = 1 AND Price = 150', row)).toBe(null);
    expect(run('missing = 1 OR Price = 150', row)).toBe(true);
    expect(run('missing = 1 OR Price = 0', row)).toBe(null);
  });

  it("keeps DuckDB's exact types through a field: LENGTH is a BIGINT, times a DECIMAL literal stays exact", () => {
    // CONDITIONS_SEED=1290595901 found this: 3 * 0.1 is 0.3 in DuckDB, 0.30000000000000004 in doubles.
    const named = { name: 'abc', share: 0.3 };
    expect(run('ROUND(share, 2) BETWEEN LENGTH(name) * 0.1 AND 1', named)).toBe(true);
    expect(run('LENGTH(name) * 0.1 = 0.3', named)).toBe(true);
    expect(run('ABS(0 - LENGTH(name)) * 0.1 + 0.2 = 0.5', named)).toBe(true);
    expect(run('ROUND(LENGTH(name) * 0.15, 1) = 0.5', named)).toBe(true);
    // `/` is a DOUBLE in DuckDB even between integers, and a DOUBLE field makes the rest DOUBLE.
    expect(run('LENGTH(name) / 10 = 0.3', named)).toBe(true);
    expect(run('share * 3 = 0.9', named)).toBe(false);
    expect(run('LENGTH(missing) * 0.1 = 0.3', named)).toBe(null);
  });

  it('BETWEEN, IN, LIKE, IS NULL', () => {
    expect(run('Price BETWEEN 100 AND 200', row)).toBe(true);
    expect(run('Price BETWEEN NULL AND 100', row)).toBe(false);
    expect(run('Price BETWEEN NULL AND 200', row)).toBe(null);
    expect(run('Company IN (1, 2, 6)', row)).toBe(true);
    expect(run('Company IN (2, 6)', row)).toBe(false);
    expect(run('missing IN (2, 6)', row)).toBe(null);
    expect(run("brand LIKE 'Tram%'", row)).toBe(true);
    expect(run("brand LIKE 'tram%'", row)).toBe(false);
    expect(run("brand LIKE 'Tramontin_'", row)).toBe(true);
    expect(run('missing IS NULL AND brand IS NOT NULL', row)).toBe(true);
  });

  it('arithmetic, ROUND, IF and functions', () => {
    expect(run('Price / PriceNet = 2', row)).toBe(true);
    expect(run('Price - PriceNet * 2 = 0', row)).toBe(true);
    expect(run('missing + 1 IS NULL', row)).toBe(true);
    expect(run('ROUND(Price / 7, 2) = 21.43', row)).toBe(true);
    expect(run('ROUND(2.5) = 3 AND ROUND(-2.5) = -3', row)).toBe(true);
    expect(run('IF(Price > 100, 1, 2) = 1', row)).toBe(true);
    expect(run('IF(missing > 100, 1, 2) = 2', row)).toBe(true);
    expect(run("LOWER(brand) = 'tramontina' AND UPPER(brand) = 'TRAMONTINA' AND LENGTH(brand) = 10 AND ABS(0 - Price) = 150", row)).toBe(true);
  });

  it('literal arithmetic is exact, as DuckDB types literals as DECIMAL', () => {
    expect(run('0.1 + 0.2 = 0.3')).toBe(true);
    expect(run('ROUND(1.005, 2) = 1.01')).toBe(true);
  });

  it('division by zero is infinite, 0/0 is NaN and NaN equals NaN', () => {
    expect(run('Price / 0 > 1000000', row)).toBe(true);
    expect(run('0 / 0 = 0 / 0')).toBe(true);
    expect(run('0 / 0 > 1000000')).toBe(true);
  });

  it('a non-boolean top is NULL; TRUE and FALSE literals', () => {
    expect(run('Price', row)).toBe(null);
    expect(run('TRUE')).toBe(true);
    expect(run('FALSE OR NULL')).toBe(null);
  });

  it('traces which nodes decided the result', () => {
    const read = readConditionSql("Price > 1000 AND brand = 'Tramontina' AND Company = 2");
    if (!read.ok) throw new Error();
    const trace = traceCondition(read.map, row);
    expect(trace.result).toBe(false);
    expect(trace.deciding).toEqual(['0', '2']);
    expect(trace.values.get('1')).toBe(true);
  });
});
