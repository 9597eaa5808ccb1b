import { describe, expect, it } from 'vitest';
import {
  deleteSql,
  ensureTableSql,
  mergeSql,
  quoteIdentifier,
  rowsParameterType,
  selectSql,
  stagingRecords,
  stagingSchema,
  stagingTableName,
  tableRef,
} from './bigquery-sql.js';
import { stageRows } from './rows.js';

const bling = { projectId: 'loja-prod', dataset: 'console', table: 'bling_products' } as const;

describe('BigQuery SQL', () => {
  it('quotes identifiers in backticks and refuses anything that could leave them', () => {
    expect(quoteIdentifier('console')).toBe('`console`');
    expect(tableRef(bling)).toBe('`loja-prod`.`console`.`bling_products`');
    expect(tableRef({ dataset: 'console', table: 'doka_products' })).toBe('`console`.`doka_products`');
    for (const bad of ['con`sole', 'a.b', 'a b', '', 'x;DROP', 'a\\b']) {
      expect(() => quoteIdentifier(bad)).toThrow(/^Nome inválido no BigQuery/);
    }
  });

  it('creates the dataset and the clustered table if missing, and adds new columns', () => {
    expect(ensureTableSql(bling, 'southamerica-east1')).toBe(
      [
        "CREATE SCHEMA IF NOT EXISTS `loja-prod`.`console` OPTIONS (location = 'southamerica-east1');",
        'CREATE TABLE IF NOT EXISTS `loja-prod`.`console`.`bling_products` (',
        '  project STRING NOT NULL,',
        '  id STRING NOT NULL,',
        '  data JSON NOT NULL,',
        '  source STRING NOT NULL,',
        '  fetched_at TIMESTAMP NOT NULL,',
        '  `account` STRING',
        ') CLUSTER BY project, id;',
        'ALTER TABLE `loja-prod`.`console`.`bling_products` ADD COLUMN IF NOT EXISTS `account` STRING;',
      ].join('\n'),
    );
    expect(ensureTableSql({ dataset: 'console', table: 'doka_products' }, "us'; DROP")).toContain("OPTIONS (location = 'usDROP')");
  });

  it('merges a staging table into the target in one statement keyed by (project, id)', () => {
    expect(mergeSql(bling, { staging: { ...bling, table: '_staging_bling_products_1' } })).toBe(
      [
        'MERGE `loja-prod`.`console`.`bling_products` AS target',
        'USING (',
        "  SELECT project, id, PARSE_JSON(data, wide_number_mode => 'round') AS data, source, TIMESTAMP_MILLIS(fetched_at_ms) AS fetched_at, `account`",
        '  FROM `loja-prod`.`console`.`_staging_bling_products_1`',
        ') AS staged',
        'ON target.project = staged.project AND target.id = staged.id',
        'WHEN MATCHED THEN UPDATE SET data = staged.data, source = staged.source, fetched_at = staged.fetched_at, `account` = staged.`account`',
        'WHEN NOT MATCHED THEN INSERT (project, id, data, source, fetched_at, `account`) VALUES (staged.project, staged.id, staged.data, staged.source, staged.fetched_at, staged.`account`)',
      ].join('\n'),
    );
  });

  it('merges a small batch straight from an array parameter', () => {
    const sql = mergeSql({ dataset: 'console', table: 'franke_products' }, { parameter: 'rows' });
    expect(sql).toContain('  FROM UNNEST(@rows)\n');
    expect(sql).toMatch(/^MERGE `console`.`franke_products` AS target\n/);
    expect(sql).toContain('WHEN MATCHED THEN UPDATE SET data = staged.data, source = staged.source, fetched_at = staged.fetched_at\n');
    expect(sql.match(/MERGE/g)).toHaveLength(1);
  });

  it('types the staging columns as plain values, the extra columns nullable', () => {
    expect(stagingSchema('site_products')).toEqual([
      { name: 'project', type: 'STRING', mode: 'REQUIRED' },
      { name: 'id', type: 'STRING', mode: 'REQUIRED' },
      { name: 'data', type: 'STRING', mode: 'REQUIRED' },
      { name: 'source', type: 'STRING', mode: 'REQUIRED' },
      { name: 'fetched_at_ms', type: 'INT64', mode: 'REQUIRED' },
      { name: 'site', type: 'STRING', mode: 'NULLABLE' },
      { name: 'code', type: 'STRING', mode: 'NULLABLE' },
    ]);
    expect(rowsParameterType('franke_products')).toEqual([{ project: 'STRING', id: 'STRING', data: 'STRING', source: 'STRING', fetched_at_ms: 'INT64' }]);
  });

  it('turns rows into staging records with data as JSON text and the instant in milliseconds', () => {
    const staged = stageRows('site_products', [
      {
        project: 'loja',
        id: 'cookstore:10',
        data: { preco: 1.5 },
        source: 'site:cookstore',
        fetchedAt: '2025-01-01T00:00:00.000Z',
        site: 'cookstore',
        code: null,
      },
    ]);
    expect(stagingRecords('site_products', staged)).toEqual([
      { project: 'loja', id: 'cookstore:10', data: '{"preco":1.5}', source: 'site:cookstore', fetched_at_ms: 1735689600000, site: 'cookstore', code: null },
    ]);
  });

  it('reads by key, by project or by ids with parameters only', () => {
    expect(selectSql(bling, 'key')).toBe(
      'SELECT project, id, TO_JSON_STRING(data) AS data, source, UNIX_MILLIS(fetched_at) AS fetched_at_ms, `account`\n' +
        'FROM `loja-prod`.`console`.`bling_products`\nWHERE project = @project AND id = @id\nORDER BY id',
    );
    expect(selectSql(bling, 'ids')).toContain('WHERE project = @project AND id IN UNNEST(@ids)');
    expect(selectSql(bling, 'project')).toContain('WHERE project = @project\n');
    expect(deleteSql(bling)).toBe('DELETE FROM `loja-prod`.`console`.`bling_products` WHERE project = @project AND id = @id');
  });

  it('names each staging table uniquely and safely', () => {
    expect(stagingTableName('tstock_stock', '3f2a-9c')).toBe('_staging_tstock_stock_3f2a_9c');
    expect(() => quoteIdentifier(stagingTableName('tstock_stock', 'a`b'))).not.toThrow();
  });
});
