// Test support: what stands in for the @google-cloud/bigquery SDK object under the BigQuery adapter
// (its `sdkClient` seam). Every statement goes through BigQuery's analyser (ZetaSQL with BigQuery's
// language options, test-support/zetasql.ts); query parameters are typed by the SDK's own
// conversion (what the REST API receives); a load job's rows are checked against the staging
// table's schema. With `evaluate`, the statements also run, on ZetaSQL's reference implementation:
// SELECT, INSERT and DELETE as they are, MERGE by running its USING query there and applying WHEN MATCHED /
// WHEN NOT MATCHED by the key here (the reference implementation does not run MERGE).
import { Writable } from 'node:stream';
import { BigQuery } from '@google-cloud/bigquery';
import { expect } from 'vitest';
import { jsValue, zetaTypeOf, zetaValue, type BigQueryAnalyser, type RestParameterType, type ZetaType, type ZetaValue } from '../../../test-support/zetasql.js';
import type { BigQuerySdk } from './bigquery.js';
import type { SchemaField } from './bigquery-sql.js';

export const LOCATION = 'southamerica-east1';

type QueryParameters = Record<string, { type: ZetaType; value: ZetaValue }>;

/** The query parameters as @google-cloud/bigquery sends them (named mode: a given type wins, else the value's). */
export function sdkParameters(params: Record<string, unknown> = {}, types: Record<string, unknown> = {}): QueryParameters {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      const parameter = BigQuery.valueToQueryParameter_(value, types[name] as Parameters<typeof BigQuery.valueToQueryParameter_>[1]);
      const type = zetaTypeOf(parameter.parameterType as RestParameterType);
      return [name, { type, value: zetaValue(type, value) }];
    }),
  );
}

const parameterTypes = (parameters: QueryParameters) => Object.fromEntries(Object.entries(parameters).map(([name, { type }]) => [name, type]));

/** What a load job with this schema refuses in a NEWLINE_DELIMITED_JSON line (unknown fields, missing REQUIRED, wrong types). */
export function loadErrors(schema: SchemaField[], ndjson: string): string[] {
  const errors: string[] = [];
  ndjson.split('\n').forEach((line, i) => {
    const record = JSON.parse(line) as Record<string, unknown>;
    for (const key of Object.keys(record)) if (!schema.some((f) => f.name === key)) errors.push(`line ${i + 1}: no such field: ${key}`);
    for (const field of schema) {
      const value = record[field.name];
      if (value === null || value === undefined) {
        if (field.mode === 'REQUIRED') errors.push(`line ${i + 1}: missing required field ${field.name}`);
      } else if (field.type === 'STRING' ? typeof value !== 'string' : field.type === 'INT64' ? !Number.isSafeInteger(value) : typeof value !== 'number') {
        errors.push(`line ${i + 1}: ${field.name} is not ${field.type}: ${JSON.stringify(value)}`);
      }
    }
  });
  return errors;
}

const tablePath = (ref: string) => ref.slice(1, -1).split('`.`');

/** MERGE as the adapter writes it: its target, its USING query, the key of its ON, the columns it updates. */
function mergeParts(sql: string) {
  const match =
    /^MERGE (`[^\n]+`) AS target\nUSING \(\n([\s\S]+)\n\) AS staged\nON ([^\n]+)\nWHEN MATCHED(?: AND \(target\.update_time_us IS NULL OR staged\.update_time_us (>=?) target\.update_time_us\))? THEN UPDATE SET ([^\n]+)\nWHEN NOT MATCHED THEN INSERT \(([^)]+)\)/.exec(
      sql,
    );
  if (!match) throw new Error(`A MERGE of a shape the test's BigQuery does not model:\n${sql}`);
  const key = [...match[3]!.matchAll(/target\.(\w+) = staged\.\1/g)].map((m) => m[1]!);
  const unquote = (c: string) => c.trim().replace(/^`|`$/g, '');
  return {
    target: tablePath(match[1]!),
    using: match[2]!,
    key,
    /** A mirror's MERGE updates only with a later (or, for a backfill, the same) version. */
    newer: match[4] as '>' | '>=' | undefined,
    updated: match[5]!.split(', ').map((set) => unquote(set.split(' = ')[0]!)),
    inserted: match[6]!.split(',').map(unquote),
  };
}

/** MERGE's WHEN MATCHED / WHEN NOT MATCHED by the key, over the rows its USING query gave (BigQuery refuses a target row matched twice). */
function applyMerge(analyser: BigQueryAnalyser, sql: string, staged: { columns: string[]; rows: ZetaValue[][] }): void {
  const { target, key, newer, updated, inserted } = mergeParts(sql);
  const columns = analyser.columnsOf(target)!.map((c) => c.name);
  const keyOf = (row: ZetaValue[], names: string[]) => JSON.stringify(key.map((k) => jsValue(row[names.indexOf(k)]!)));
  const rows = analyser.rowsOf(target).map((row) => [...row]);
  const matched = new Set<string>();
  for (const source of staged.rows) {
    const k = keyOf(source, staged.columns);
    const hits = rows.filter((row) => keyOf(row, columns) === k);
    if (hits.length) {
      if (matched.has(k)) throw new Error('UPDATE/MERGE must match at most one source row for each target row');
      matched.add(k);
      for (const row of hits) {
        if (newer) {
          const stored = jsValue(row[columns.indexOf('update_time_us')]!) as number | null;
          const given = jsValue(source[staged.columns.indexOf('update_time_us')]!) as number;
          if (stored !== null && !(newer === '>' ? given > stored : given >= stored)) continue;
        }
        for (const c of updated) row[columns.indexOf(c)] = source[staged.columns.indexOf(c)]!;
      }
    } else {
      rows.push(columns.map((c) => (inserted.includes(c) ? source[staged.columns.indexOf(c)]! : {})));
    }
  }
  analyser.setRows(target, rows);
}

/** The SDK object the adapter calls; `calls` names each SDK call in order. */
export function zetaSqlBigQuery(analyser: BigQueryAnalyser, calls: string[] = [], { evaluate = false } = {}): BigQuerySdk {
  return {
    async query(options) {
      expect(options.location).toBe(LOCATION);
      const sql = options.query!;
      const parameters = sdkParameters(options.params as Record<string, unknown>, options.types as Record<string, unknown>);
      const statements = await analyser.analyse(sql, parameterTypes(parameters));
      calls.push('query');
      if (!evaluate) return [[]];
      const kind = statements.at(-1)!.kind;
      if (kind === 'resolvedMergeStmtNode') {
        applyMerge(analyser, sql, await analyser.evaluateQuery(mergeParts(sql).using, parameters));
      } else if (kind === 'resolvedDeleteStmtNode') {
        const target = tablePath(/^DELETE FROM (`[^ ]+`)/.exec(sql)![1]!);
        // The tables' keys: (project, id), or (run, ord) for the segment runs' table.
        const key = analyser.columnsOf(target)!.some((c) => c.name === 'run') ? ['run', 'ord'] : ['project', 'id'];
        await analyser.evaluateModify(sql, target, key, parameters);
      } else if (kind === 'resolvedInsertStmtNode') {
        // INSERT … query: the query runs there and its rows are appended here (the reference
        // implementation's own INSERT fails a check on a WITH whose names a subquery reads).
        const [, ref, list, query] = /^INSERT INTO (`[^ ]+`) \(([^)]+)\) ([\s\S]+)$/.exec(sql) ?? [];
        if (!ref || !list || !query) throw new Error(`An INSERT of a shape the test's BigQuery does not model:\n${sql}`);
        const target = tablePath(ref);
        const names = list.split(',').map((c) => c.trim());
        const { rows } = await analyser.evaluateQuery(query, parameters);
        const columns = analyser.columnsOf(target)!.map((c) => c.name);
        analyser.setRows(target, [...analyser.rowsOf(target), ...rows.map((row) => columns.map((c) => (names.includes(c) ? row[names.indexOf(c)]! : {})))]);
      } else if (kind === 'resolvedQueryStmtNode') {
        const { columns, rows } = await analyser.evaluateQuery(sql, parameters);
        return [rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, jsValue(row[i]!)])))];
      }
      return [[]];
    },
    dataset(dataset, options) {
      const path = (table: string) => [options?.projectId, dataset, table].filter((p): p is string => Boolean(p));
      return {
        async createTable(table, { schema, expirationTime }) {
          expect(Number(expirationTime)).toBeGreaterThan(Date.now());
          const columns = schema.fields.map((f) => ({ name: f.name, type: zetaTypeOf({ type: f.type }) }));
          analyser.createTable(path(table), columns);
          calls.push('createTable');
          const chunks: Buffer[] = [];
          return [
            {
              createWriteStream(metadata) {
                expect(metadata).toMatchObject({ sourceFormat: 'NEWLINE_DELIMITED_JSON', createDisposition: 'CREATE_NEVER', writeDisposition: 'WRITE_APPEND' });
                const stream = new Writable({
                  write(chunk: Buffer, _encoding, done) {
                    chunks.push(Buffer.from(chunk));
                    done();
                  },
                  final(done) {
                    const ndjson = Buffer.concat(chunks).toString();
                    const errors = loadErrors(schema.fields, ndjson);
                    calls.push('load');
                    if (errors.length) return done(new Error(`load job refused: ${errors.slice(0, 3).join('; ')}`));
                    const records = ndjson.split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
                    analyser.setRows(
                      path(table),
                      records.map((record) => columns.map((c) => zetaValue(c.type, record[c.name]))),
                    );
                    done();
                    setImmediate(() => stream.emit('complete'));
                  },
                });
                return stream;
              },
            },
          ];
        },
        table(table) {
          return {
            async delete() {
              analyser.dropTable(path(table));
              calls.push('deleteTable');
            },
          };
        },
      };
    },
  };
}
