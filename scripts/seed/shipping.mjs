// Demo seed (shipping.mjs): carrier pricing tables and shipping quotes.
import { MINUTE, NOW, at, round2, ts } from './values.mjs';
import { SOUTH_SOUTHEAST, STOCKS } from './stores.mjs';
/** @import { Rng } from './random.mjs' */
/** @import { Customer, Docs, Product, StoreId } from './types.js' */

/** @param {StoreId} project */
export function buildCarrierPricing(project) {
  /** @type {[zipcodeStartAt: string, zipcodeEndAt: string, state: string, region: string, deadline: number, shippingPrice: number, shippingPriceKg: number][]} */
  const ranges = [
    ['01000000', '09999999', 'SP', 'Capital e Grande São Paulo', 2, 14.9, 1.2],
    ['11000000', '19999999', 'SP', 'Interior de São Paulo', 3, 19.9, 1.5],
    ['20000000', '28999999', 'RJ', 'Rio de Janeiro', 4, 24.9, 1.8],
    ['80000000', '87999999', 'PR', 'Paraná', 4, 22.9, 1.7],
    ['88000000', '89999999', 'SC', 'Santa Catarina', 3, 21.9, 1.6],
    ['90000000', '99999999', 'RS', 'Rio Grande do Sul', project === 'cookstore' ? 2 : 4, project === 'cookstore' ? 12.9 : 22.9, 1.4],
  ];
  const zipcodeRange = ranges.map(([zipcodeStartAt, zipcodeEndAt, state, region, deadline, shippingPrice, shippingPriceKg]) => ({
    zipcodeStartAt,
    zipcodeEndAt,
    state,
    region,
    deadline,
    shippingPrice,
    shippingPriceKg,
  }));
  return {
    'transportadora-propria': {
      id: 'transportadora-propria',
      name: 'Entrega própria',
      zipcodeRange: zipcodeRange.filter((r) => (project === 'cookstore' ? ['RS', 'SC'] : ['SP']).includes(r.state)),
      createdAt: at('2025-06-01T12:00:00Z'),
      updatedAt: at('2026-06-01T12:00:00Z'),
    },
    'tabela-regional': {
      id: 'tabela-regional',
      name: 'Tabela regional Sul e Sudeste',
      zipcodeRange,
      createdAt: at('2025-06-01T12:00:00Z'),
      updatedAt: at('2026-09-01T12:00:00Z'),
    },
  };
}

/** @type {[carrier: string, provider: string, priceFactor: number, days: number][]} */
const CARRIERS = [
  ['Correios PAC', 'frenet', 1.0, 6],
  ['Correios SEDEX', 'frenet', 1.7, 2],
  ['Jadlog .Package', 'kangu', 0.9, 5],
  ['Loggi', 'kangu', 1.1, 3],
];

/**
 * @param {StoreId} project
 * @param {Customer[]} customers
 * @param {Product[]} products
 * @param {Rng} rng
 * @param {number} count
 */
export function buildShippingQuotes(project, customers, products, rng, count) {
  /** @type {Docs} */
  const docs = {};
  const stocks = STOCKS[project];
  // The storefront keeps one quote per customer: the document id is the customer's id.
  for (const customer of rng.sample(customers, count)) {
    const product = rng.pick(products.filter((p) => p.Salable === 'S'));
    const qty = rng.weighted([
      [1, 8],
      [2, 2],
      [3, 1],
    ]);
    const stockId = Object.keys(product.Stock).find((id) => product.Stock[id].qty > 0) ?? stocks[0].id;
    const base = 12 + product.NetWeight * qty * 2.2 + (customer.city.state === (project === 'main' ? 'SP' : 'RS') ? 0 : 9);
    const methods = rng
      .sample(CARRIERS, rng.int(2, 4))
      .map(([Carrier, provider, factor, days]) => ({
        Carrier,
        stockId,
        OriginalShippingPrice: round2(base * factor),
        OriginalDeliveryTime: days + rng.int(0, 3),
        provider,
      }))
      .sort((a, b) => a.OriginalShippingPrice - b.OriginalShippingPrice);
    const chosen = methods[0];
    const free = product.Options.isFreeShipping && SOUTH_SOUTHEAST.includes(customer.city.state);
    docs[customer.id] = {
      productId: product.ProductCode,
      qty,
      zipcode: customer.zipcode,
      origin: rng.weighted([
        ['product', 6],
        ['quote', 3],
        ['magalu', 1],
      ]),
      items: [{ id: product.ProductCode, qty }],
      shippingMethodList: methods,
      shippingMethod: {
        Carrier: chosen.Carrier,
        OriginalShippingPrice: chosen.OriginalShippingPrice,
        ShippingPrice: free ? 0 : chosen.OriginalShippingPrice,
        OriginalDeliveryTime: chosen.OriginalDeliveryTime,
        maxDeliveryTime: chosen.OriginalDeliveryTime + 2,
      },
      createdAt: ts(NOW - rng.int(10, 14 * 24 * 60) * MINUTE),
    };
  }
  return docs;
}
