// The SQL the BigQuery adapter sends, as pure functions: unit-tested as text, since a real
// BigQuery is not available locally. Values always travel as query parameters or load-job data;
// only identifiers (checked) are written into the text.
import { extraColumnsOf, type StagedRow } from './rows.js';
import type { TableName } from './tables.js';
import { WarehouseError } from './warehouse.js';

const BIGQUERY_TYPE = { string: 'STRING', number: 'FLOAT64' } as const;

/** A BigQuery identifier in backticks; anything that could leave the quotes is refused. */
export function quoteIdentifier(name: string): string {
  if (!/^[A-Za-z0-9_][A-Za-z0-9_-]{0,1023}$/.test(name)) {
    throw new WarehouseError(`Nome inválido no BigQuery: ${JSON.stringify(name)}.`);
  }
  return `\`${name}\``;
}

export interface TableLocation {
  /** The Google Cloud project; omitted = the client's default project. */
  projectId?: string;
  dataset: string;
  table: string;
}

export function tableRef({ projectId, dataset, table }: TableLocation): string {
  return [projectId, dataset, table]
    .filter((part): part is string => Boolean(part))
    .map(quoteIdentifier)
    .join('.');
}

export function datasetRef({ projectId, dataset }: Omit<TableLocation, 'table'>): string {
  return [projectId, dataset]
    .filter((part): part is string => Boolean(part))
    .map(quoteIdentifier)
    .join('.');
}

/** One script: the dataset and the table if missing, plus columns declared since the table was created. */
export function ensureTableSql(location: TableLocation & { table: TableName }, datasetLocation: string): string {
  const target = tableRef(location);
  const extras = extraColumnsOf(location.table);
  const columns = [
    'project STRING NOT NULL',
    'id STRING NOT NULL',
    'data JSON NOT NULL',
    'source STRING NOT NULL',
    'fetched_at TIMESTAMP NOT NULL',
    ...extras.map(([c, kind]) => `${quoteIdentifier(c)} ${BIGQUERY_TYPE[kind]}`),
  ];
  return [
    `CREATE SCHEMA IF NOT EXISTS ${datasetRef(location)} OPTIONS (location = '${datasetLocation.replace(/[^\w-]/g, '')}');`,
    // Clustered by the key: the MERGE and the reads prune to the rows of one project.
    `CREATE TABLE IF NOT EXISTS ${target} (\n  ${columns.join(',\n  ')}\n) CLUSTER BY project, id;`,
    ...extras.map(([c, kind]) => `ALTER TABLE ${target} ADD COLUMN IF NOT EXISTS ${quoteIdentifier(c)} ${BIGQUERY_TYPE[kind]};`),
  ].join('\n');
}

export interface SchemaField {
  name: string;
  type: 'STRING' | 'INT64' | 'FLOAT64';
  mode: 'REQUIRED' | 'NULLABLE';
}

/**
 * The staging table (and the UNNEST parameter) hold plain values: data as JSON text and
 * fetched_at as epoch milliseconds, converted once in the MERGE.
 */
export function stagingSchema(table: TableName): SchemaField[] {
  return [
    { name: 'project', type: 'STRING', mode: 'REQUIRED' },
    { name: 'id', type: 'STRING', mode: 'REQUIRED' },
    { name: 'data', type: 'STRING', mode: 'REQUIRED' },
    { name: 'source', type: 'STRING', mode: 'REQUIRED' },
    { name: 'fetched_at_ms', type: 'INT64', mode: 'REQUIRED' },
    ...extraColumnsOf(table).map(([name, kind]): SchemaField => ({ name, type: BIGQUERY_TYPE[kind], mode: 'NULLABLE' })),
  ];
}

/** The query-parameter type of `@rows` (ARRAY<STRUCT<...>>), for the small-batch path. */
export function rowsParameterType(table: TableName): [Record<string, string>] {
  return [Object.fromEntries(stagingSchema(table).map((field) => [field.name, field.type]))];
}

/** Staged rows as staging-table records (NDJSON lines or `@rows` elements). */
export function stagingRecords(table: TableName, rows: StagedRow[]): Record<string, string | number | null>[] {
  const extras = extraColumnsOf(table);
  return rows.map((row) => ({
    project: row.project,
    id: row.id,
    data: row.data,
    source: row.source,
    fetched_at_ms: row.fetchedAtMs,
    ...Object.fromEntries(extras.map(([name], i) => [name, row.extras[i]])),
  }));
}

export type MergeSource = { staging: TableLocation } | { parameter: string };

/**
 * The one MERGE of a batch: matched keys are updated, new keys inserted. A single DML statement
 * is atomic, and BigQuery runs at most two mutating statements per table at once — so one per
 * batch, never one per row.
 */
export function mergeSql(
  target: TableLocation & { table: TableName },
  source: MergeSource,
  options: { newerOnly?: boolean; sameVersionToo?: boolean } = {},
): string {
  const extras = extraColumnsOf(target.table).map(([c]) => quoteIdentifier(c));
  const from = 'staging' in source ? tableRef(source.staging) : `UNNEST(@${source.parameter})`;
  const columns = ['project', 'id', 'data', 'source', 'fetched_at', ...extras];
  const updated = columns.slice(2);
  return [
    `MERGE ${tableRef(target)} AS target`,
    `USING (`,
    // wide_number_mode 'round': a JavaScript number never makes the load fail for precision.
    `  SELECT project, id, PARSE_JSON(data, wide_number_mode => 'round') AS data, source, TIMESTAMP_MILLIS(fetched_at_ms) AS fetched_at${extras.map((c) => `, ${c}`).join('')}`,
    `  FROM ${from}`,
    `) AS staged`,
    `ON target.project = staged.project AND target.id = staged.id`,
    // A mirror's row (customer-tables.ts) replaces the stored one only when it is a later version.
    `WHEN MATCHED${options.newerOnly ? ` AND (target.update_time_us IS NULL OR staged.update_time_us ${options.sameVersionToo ? '>=' : '>'} target.update_time_us)` : ''} THEN UPDATE SET ${updated.map((c) => `${c} = staged.${c}`).join(', ')}`,
    `WHEN NOT MATCHED THEN INSERT (${columns.join(', ')}) VALUES (${columns.map((c) => `staged.${c}`).join(', ')})`,
  ].join('\n');
}

export function selectSql(location: TableLocation & { table: TableName }, by: 'key' | 'project' | 'ids'): string {
  const extras = extraColumnsOf(location.table)
    .map(([c]) => `, ${quoteIdentifier(c)}`)
    .join('');
  const where = { key: 'project = @project AND id = @id', project: 'project = @project', ids: 'project = @project AND id IN UNNEST(@ids)' }[by];
  return (
    `SELECT project, id, TO_JSON_STRING(data) AS data, source, UNIX_MILLIS(fetched_at) AS fetched_at_ms${extras}\n` +
    `FROM ${tableRef(location)}\nWHERE ${where}\nORDER BY id`
  );
}

export function deleteSql(location: TableLocation & { table: TableName }): string {
  return `DELETE FROM ${tableRef(location)} WHERE project = @project AND id = @id`;
}

/** A staging table's name: unique per batch so concurrent batches never share one. */
export function stagingTableName(table: TableName, unique: string): string {
  return `_staging_${table}_${unique.replace(/[^A-Za-z0-9_]/g, '_')}`;
}
