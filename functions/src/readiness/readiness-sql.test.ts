import { DuckDBInstance, LIST, VARCHAR, listValue, type DuckDBConnection } from '@duckdb/node-api';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateReadiness, productFacts, readinessRules, type ProductFacts } from '@console/shared';
import { BigQueryAnalyser } from '../../../test-support/zetasql.js';
import { productImage, readyProduct } from '../../../test-support/readiness-products.js';
import { isKnownNcm, ncmCodes } from './ncm-table.js';
import { catalogueReadinessSql, factColumns, factsRow, notReadyIdsSql, pageReadinessSql, readinessFromRow } from './readiness-sql.js';

/**
 * The warehouse's readiness (readiness-sql.ts) equals the evaluator's (shared/src/readiness) on
 * random products, with DuckDB running the statement; BigQuery's analyser accepts the BigQuery one.
 */
const rules = readinessRules({ magalu: { minImages: 3 }, site: { gtinRequired: true } });

/** Products around every rule's edges: titles, images, measures, GTINs, NCMs, CEST, origin. */
const productArbitrary = fc
  .record({
    titleLength: fc.constantFrom(0, 1, 120, 121, 150, 151, 200, 201),
    images: fc.integer({ min: 0, max: 4 }),
    description: fc.constantFrom('', '<p>curta</p>', `<p>${'a'.repeat(99)}</p>`, `<p>${'b'.repeat(100)}</p>`),
    brand: fc.constantFrom('Tramontina', '', null),
    price: fc.constantFrom(0, 0.01, 189.9, null),
    stock: fc.constantFrom({}, { a: { qty: 0 } }, { a: { qty: 2 }, b: { qty: -1 } }),
    height: fc.constantFrom(null, 0.4, 0.5, 5, 300, 300.5),
    unit: fc.constantFrom('cm', 'mm', undefined),
    grossWeight: fc.constantFrom(null, 0.001, 0.01, 1.4, 500, 501),
    gtin: fc.constantFrom(null, '4006381333931', '4006381333932', '96385074', '036000291452', '10012345678902', '12345', 'ABCDEFGHIJKLM'),
    ncm: fc.constantFrom(null, '8215.20.00', '82152000', '8215.20.99', '8215.20', 'x'),
    cest: fc.constantFrom(undefined, '21.064.00', '2106400', '21.064.0'),
    origin: fc.constantFrom(undefined, '0', '8', '9', 'x'),
  })
  .map((p) => ({
    ...readyProduct(p.images),
    images: Array.from({ length: p.images }, (_, i) => productImage(i + 1)),
    ProductSiteName: 'x'.repeat(p.titleLength),
    ProductDescription: p.description,
    brand: p.brand,
    Price: p.price,
    Stock: p.stock,
    Height: p.height,
    HeightPacking: p.height,
    DimensionsUnit: p.unit,
    GrossWeight: p.grossWeight,
    EAN13: p.gtin,
    NCMCode: p.ncm,
    CESTCode: p.cest,
    Origin: p.origin,
  }));

describe('readiness computed by the warehouse', () => {
  let connection: DuckDBConnection;
  let analyser: BigQueryAnalyser;

  beforeAll(async () => {
    const db = await DuckDBInstance.create(':memory:');
    connection = await db.connect();
    const columns = factColumns('duckdb')
      .map(([name, type]) => `${name} ${type}`)
      .join(', ');
    await connection.run(`CREATE TABLE product_facts (project VARCHAR, id VARCHAR, ${columns}, update_time_us DOUBLE, deleted DOUBLE)`);
    analyser = await BigQueryAnalyser.start();
    analyser.createDataset(['w']);
    analyser.createTable(
      ['w', 'product_facts'],
      [
        { name: 'project', type: { typeKind: 'TYPE_STRING' } },
        { name: 'id', type: { typeKind: 'TYPE_STRING' } },
        ...factColumns('bigquery').map(([name, type]) => ({ name, type: { typeKind: type === 'STRING' ? 'TYPE_STRING' : 'TYPE_DOUBLE' } })),
        { name: 'update_time_us', type: { typeKind: 'TYPE_DOUBLE' } },
        { name: 'deleted', type: { typeKind: 'TYPE_DOUBLE' } },
      ],
    );
  }, 60_000);

  afterAll(() => {
    connection?.closeSync();
    analyser?.close();
  });

  async function load(project: string, facts: ProductFacts[]) {
    const names = ['project', 'id', ...factColumns('duckdb').map(([name]) => name), 'update_time_us', 'deleted'];
    const appender = await connection.createAppender('product_facts');
    facts.forEach((f, i) => {
      // Every third row a tombstone, for the page statement (the whole-catalogue one does not look at it).
      const row = { project, ...factsRow(String(i).padStart(5, '0'), f), update_time_us: 1_000 + i, deleted: i % 3 === 2 ? 1 : 0 } as Record<
        string,
        string | number | null
      >;
      for (const name of names) {
        const value = row[name];
        if (value === null || value === undefined) appender.appendNull();
        else if (typeof value === 'number') appender.appendDouble(value);
        else appender.appendVarchar(value);
      }
      appender.endRow();
    });
    appender.closeSync();
  }

  it('answers what the evaluator answers, product by product', async () => {
    const products = fc.sample(productArbitrary, 400);
    const facts = products.map(productFacts);
    await load('diff', facts);
    const reader = await connection.runAndReadAll(
      catalogueReadinessSql('product_facts', rules, 'duckdb') + ' ORDER BY id',
      { project: 'diff', ncm: listValue(ncmCodes()) },
      { project: VARCHAR, ncm: LIST(VARCHAR) },
    );
    const rows = reader.getRowObjectsJS();
    expect(rows).toHaveLength(facts.length);
    rows.forEach((row, i) => {
      expect({ product: products[i], readiness: readinessFromRow(row, rules) }).toEqual({
        product: products[i],
        readiness: evaluateReadiness(facts[i]!, rules, isKnownNcm),
      });
    });

    const ids = await connection.runAndReadAll(
      notReadyIdsSql('product_facts', rules, 'duckdb', 'magalu'),
      { project: 'diff', ncm: listValue(ncmCodes()), after: '', limit: 50 },
      { project: VARCHAR, ncm: LIST(VARCHAR), after: VARCHAR },
    );
    const expected = facts
      .map((f, i) => [String(i).padStart(5, '0'), evaluateReadiness(f, rules, isKnownNcm).notReady.includes('magalu')] as const)
      .filter(([, notReady]) => notReady)
      .map(([id]) => id)
      .slice(0, 50);
    expect(ids.getRowObjectsJS().map((r) => r.id)).toEqual(expected);
  });

  it("answers a run's page of products by id, with each row's update time, tombstones left out", async () => {
    const products = fc.sample(productArbitrary, 60);
    const facts = products.map(productFacts);
    await load('page', facts);
    const ids = ['00000', '00001', '00002', '00010', '00011', '00058', 'absent'];
    const reader = await connection.runAndReadAll(
      pageReadinessSql('product_facts', rules, 'duckdb') + ' ORDER BY id',
      { project: 'page', ncm: listValue(ncmCodes()), ids: listValue(ids) },
      { project: VARCHAR, ncm: LIST(VARCHAR), ids: LIST(VARCHAR) },
    );
    const rows = reader.getRowObjectsJS();
    // 00002 and 00011 are tombstones (i % 3 == 2); 'absent' has no row.
    expect(rows.map((r) => [r.id, r.update_time_us])).toEqual([
      ['00000', 1000],
      ['00001', 1001],
      ['00010', 1010],
      ['00058', 1058],
    ]);
    for (const row of rows) {
      expect(readinessFromRow(row, rules)).toEqual(evaluateReadiness(facts[Number(row.id)]!, rules, isKnownNcm));
    }
  });

  it("is read by BigQuery's analyser with its parameters typed as the SDK sends them", async () => {
    const parameters = {
      project: { typeKind: 'TYPE_STRING' },
      ncm: { typeKind: 'TYPE_ARRAY', arrayType: { elementType: { typeKind: 'TYPE_STRING' } } },
      after: { typeKind: 'TYPE_STRING' },
      limit: { typeKind: 'TYPE_INT64' },
      ids: { typeKind: 'TYPE_ARRAY', arrayType: { elementType: { typeKind: 'TYPE_STRING' } } },
    };
    await analyser.analyse(catalogueReadinessSql('w.product_facts', rules, 'bigquery'), parameters);
    await analyser.analyse(notReadyIdsSql('w.product_facts', rules, 'bigquery', 'magalu'), parameters);
    await analyser.analyse(pageReadinessSql('w.product_facts', rules, 'bigquery'), parameters);
    // DuckDB's spelling is refused there (the check that the dialects are kept apart).
    await expect(analyser.analyse(catalogueReadinessSql('w.product_facts', rules, 'duckdb').replaceAll('$', '@'), parameters)).rejects.toThrow();
  });
});
