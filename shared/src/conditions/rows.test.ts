import { describe, expect, it } from 'vitest';
import { readConditionSql } from './sql-reader.js';
import { customerConditionRows, customerMatchesCondition, datePartsOf, layoutConditionRow, productConditionRow } from './rows.js';
import { evaluateCondition } from './evaluate.js';

const tree = (sql: string) => {
  const read = readConditionSql(sql);
  if (!read.ok) throw new Error(read.error.message);
  return read.map;
};

describe('rows conditions run on', () => {
  it('date parts are taken in America/Sao_Paulo, weekday 1 Monday to 7 Sunday', () => {
    // 2026-11-23 02:30 UTC is Sunday 22 November, 23:30 in São Paulo (UTC-3).
    expect(datePartsOf(new Date('2026-11-23T02:30:00Z'))).toEqual({ minute: 30, hour: 23, day: 22, month: 11, weekday: 7, year: 2026 });
    expect(datePartsOf(new Date('2026-11-23T12:00:00Z')).weekday).toBe(1);
  });

  it('a product row types its attributes and sums its stock; numbers stored as text are read', () => {
    const row = productConditionRow({
      Price: 10,
      Company: '2',
      Stock: { a: { qty: 3 }, b: { qty: 4 } },
      Options: { canSell: true },
      createdAt: { __timestamp: '2026-01-02T00:00:00.000Z' },
      legacy: 'x',
    });
    expect(row.Company).toBe(2);
    expect(row.stockQty).toBe(7);
    expect(row['Options.canSell']).toBe(true);
    expect(row.createdAt).toBe('2026-01-02T00:00:00.000Z');
    expect(evaluateCondition(tree("legacy = 'x' AND createdAt >= '2026-01-01'"), row)).toBe(true);
  });

  it('a layout row holds the page view', () => {
    const row = layoutConditionRow({
      date: new Date('2026-11-20T15:00:00Z'),
      shipping: { region: 'RS' },
      event: { name: 'page_view' },
      product: { section: 'churrasco' },
    });
    expect(
      evaluateCondition(
        tree("shipping.region IN ('RS', 'SC') AND date.month >= 11 AND date.day >= 20 AND product.section = 'churrasco' AND customer.id IS NULL"),
        row,
      ),
    ).toBe(true);
  });

  it('a customer matches when any of its rows matches: one purchase event of a product of the category', () => {
    const products: Record<string, Record<string, unknown>> = {
      G1: { ProductCode: 'G1', category: 'churrasqueiras' },
      A1: { ProductCode: 'A1', category: 'acessorios-churrasco' },
    };
    const now = new Date('2026-11-23T12:00:00Z');
    const activity = {
      customer: { id: 'c1', email: 'ana@x.test', firstName: 'Ana' },
      events: [
        { action: 'view_item', ProductCode: 'G1', createdAt: { __timestamp: '2026-11-22T12:00:00Z' }, zipcodeRegion: 'RS' },
        { action: 'purchase', ProductCode: 'A1', createdAt: { __timestamp: '2026-11-01T12:00:00Z' }, zipcodeRegion: 'SP' },
      ],
      quotes: [{ id: 'c1', zipcode: '90000000', shippingMethod: { ShippingPrice: 0, Carrier: 'Loggi' }, productId: 'G1' }],
    };
    const options = { now, product: (code: string) => products[code] };
    expect(customerConditionRows(activity, options)).toHaveLength(3);
    expect(customerMatchesCondition(tree("event.name = 'purchase' AND product.category = 'churrasqueiras'"), activity, options)).toBe(false);
    expect(customerMatchesCondition(tree("event.name = 'purchase' AND product.category = 'acessorios-churrasco'"), activity, options)).toBe(true);
    expect(customerMatchesCondition(tree("event.name = 'view_item' AND date.daysAgo >= -7"), activity, options)).toBe(true);
    expect(customerMatchesCondition(tree("event.name = 'purchase' AND date.daysAgo >= -7"), activity, options)).toBe(false);
    expect(customerMatchesCondition(tree("customer.state = 'RS'"), activity, options)).toBe(true);
    expect(customerMatchesCondition(tree("quote.shippingPrice = 0 AND product.ProductCode = 'G1'"), activity, options)).toBe(true);
  });

  it('a customer without activity still has one row, of the customer alone', () => {
    const rows = customerConditionRows({ customer: { id: 'c2', email: 'b@x.test' } });
    expect(rows).toHaveLength(1);
    expect(evaluateCondition(tree("customer.email LIKE '%@x.test' AND event.name IS NULL"), rows[0]!)).toBe(true);
  });
});
