// BigQuery's SQL analyser for tests: ZetaSQL (the analyser BigQuery runs, Google's open-source
// release) as the local gRPC service that @fivetrandevelopers/zetasql ships for Linux x86-64, with
// BigQuery's language options (sandboxes/contracts/bigquery/). A catalog follows the DDL a test
// sends: CREATE SCHEMA and CREATE TABLE add what they create, ALTER TABLE ADD COLUMN adds its
// column, so a statement naming a table or column the adapter never created is refused, as
// BigQuery would refuse it.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import zetasql from '@fivetrandevelopers/zetasql';

const { ZetaSQLClient } = zetasql;
type Api = typeof ZetaSQLClient.API;

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** BigQuery's language options (features, statement kinds, product mode): see its SOURCE.md. */
export const BIGQUERY_LANGUAGE_OPTIONS = JSON.parse(readFileSync(join(ROOT, 'sandboxes/contracts/bigquery/language-options.json'), 'utf8')) as {
  nameResolutionMode: string;
  productMode: string;
  enabledLanguageFeatures: string[];
  supportedStatementKinds: string[];
  reservedKeywords: string[];
};

/** A ZetaSQL type (TypeProto), as the service takes and gives it. */
export type ZetaType = {
  typeKind: string | number;
  arrayType?: { elementType: ZetaType };
  structType?: { field: { fieldName: string; fieldType: ZetaType }[] };
};

/** A query parameter's type as BigQuery's REST API takes it (`QueryParameterType`), which the SDK writes. */
export interface RestParameterType {
  type: string;
  arrayType?: RestParameterType;
  structTypes?: { name?: string; type: RestParameterType }[];
}

const TYPE_KIND: Record<string, string> = {
  STRING: 'TYPE_STRING',
  INT64: 'TYPE_INT64',
  INTEGER: 'TYPE_INT64',
  FLOAT64: 'TYPE_DOUBLE',
  FLOAT: 'TYPE_DOUBLE',
  BOOL: 'TYPE_BOOL',
  BOOLEAN: 'TYPE_BOOL',
  BYTES: 'TYPE_BYTES',
  NUMERIC: 'TYPE_NUMERIC',
  BIGNUMERIC: 'TYPE_BIGNUMERIC',
  TIMESTAMP: 'TYPE_TIMESTAMP',
  DATE: 'TYPE_DATE',
  DATETIME: 'TYPE_DATETIME',
  TIME: 'TYPE_TIME',
  JSON: 'TYPE_JSON',
};

export function zetaTypeOf(rest: RestParameterType): ZetaType {
  if (rest.type === 'ARRAY') return { typeKind: 'TYPE_ARRAY', arrayType: { elementType: zetaTypeOf(rest.arrayType!) } };
  if (rest.type === 'STRUCT') {
    return {
      typeKind: 'TYPE_STRUCT',
      structType: { field: (rest.structTypes ?? []).map((f) => ({ fieldName: f.name ?? '', fieldType: zetaTypeOf(f.type) })) },
    };
  }
  const kind = TYPE_KIND[rest.type];
  if (!kind) throw new Error(`BigQuery type unknown to the test analyser: ${rest.type}`);
  return { typeKind: kind };
}

/** A ZetaSQL value (ValueProto): one field set, or none for NULL. */
export type ZetaValue = Record<string, unknown>;

const KIND_NUMBER: Record<string, number> = {
  TYPE_INT64: 2,
  TYPE_BOOL: 5,
  TYPE_DOUBLE: 7,
  TYPE_STRING: 8,
  TYPE_TIMESTAMP: 19,
  TYPE_ARRAY: 16,
  TYPE_STRUCT: 17,
  TYPE_JSON: 26,
};
const kindOfType = (type: ZetaType) => (typeof type.typeKind === 'number' ? type.typeKind : KIND_NUMBER[type.typeKind]);

/** A JavaScript value (a query parameter, a load job's field) as the ZetaSQL value of `type`. */
export function zetaValue(type: ZetaType, value: unknown): ZetaValue {
  if (value === null || value === undefined) return {};
  switch (kindOfType(type)) {
    case 2:
      return { int64Value: String(value) };
    case 5:
      return { boolValue: Boolean(value) };
    case 7:
      return { doubleValue: Number(value) };
    case 8:
      return { stringValue: String(value) };
    case 26:
      return { jsonValue: typeof value === 'string' ? value : JSON.stringify(value) };
    case 16:
      return { arrayValue: { element: (value as unknown[]).map((v) => zetaValue(type.arrayType!.elementType, v)) } };
    case 17:
      return { structValue: { field: type.structType!.field.map((f) => zetaValue(f.fieldType, (value as Record<string, unknown>)[f.fieldName])) } };
    default:
      throw new Error(`Value of type ${String(type.typeKind)} not modelled by the test's BigQuery.`);
  }
}

/** A ZetaSQL value as the BigQuery SDK gives it for STRING, INT64, FLOAT64 and BOOL columns. */
export function jsValue(value: ZetaValue): unknown {
  const field = typeof value.value === 'string' ? value.value : undefined;
  if (!field) return null;
  const v = value[field] as unknown;
  if (field === 'int64Value') {
    const long = v as { low: number; high: number; unsigned: boolean } | string | number;
    const n = typeof long === 'object' ? long.high * 2 ** 32 + (long.low >>> 0) : Number(long);
    if (!Number.isSafeInteger(n)) throw new Error(`INT64 ${n} is not a safe JavaScript integer.`);
    return n;
  }
  if (field === 'stringValue' || field === 'doubleValue' || field === 'boolValue') return v;
  throw new Error(`Column value ${field} not modelled by the test's BigQuery.`);
}

export interface AnalysedStatement {
  sql: string;
  /** The resolved statement's kind, e.g. 'resolvedMergeStmtNode'. */
  kind: string;
}

export class BigQuerySqlError extends Error {
  constructor(
    message: string,
    readonly sql: string,
  ) {
    super(`${message}\n--- statement ---\n${sql}`);
    this.name = 'BigQuerySqlError';
  }
}

interface Column {
  name: string;
  type: ZetaType;
}

type Resolved = Record<string, unknown> & { node?: string };

/** The first object found down `path` of a resolved-AST oneof chain, e.g. ['resolvedCreateStatementNode', 'resolvedCreateSchemaStmtNode']. */
function dig(node: unknown, path: string[]): Resolved | undefined {
  let at = node as Resolved | undefined;
  for (const key of path) at = at?.[key] as Resolved | undefined;
  return at;
}

/** The innermost node name of a resolved statement (the oneof chain names each level). */
function kindOf(statement: Resolved): string {
  let at: Resolved | undefined = statement;
  let kind = '';
  while (typeof at?.node === 'string') {
    kind = at.node;
    at = at[kind] as Resolved | undefined;
  }
  return kind;
}

/**
 * One ZetaSQL service and the tables the statements so far created. `analyse` checks one request's
 * SQL (a statement or a script) with its query parameters and applies its DDL to the catalog.
 */
export class BigQueryAnalyser {
  /** Datasets and tables, by their path joined with '.' (`project.dataset`, `project.dataset.table`, or without the project). */
  private readonly datasets = new Set<string>();
  private readonly tables = new Map<string, Column[]>();
  /** Each table's rows (its columns' values, in order), for evaluating statements. */
  private readonly contents = new Map<string, ZetaValue[][]>();
  readonly analysed: AnalysedStatement[] = [];

  private constructor(
    private readonly api: Api,
    private readonly server: ChildProcess,
  ) {}

  static async start(): Promise<BigQueryAnalyser> {
    const port = await freePort();
    const lib = dirname(createRequire(import.meta.url).resolve('@fivetrandevelopers/zetasql'));
    if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error('The ZetaSQL service is run here on Linux x86-64 only.');
    const server = spawn(join(lib, 'zetasql', 'remote_server.so'), ['localhost', String(port)], { stdio: 'ignore' });
    ZetaSQLClient.init(port);
    const analyser = new BigQueryAnalyser(ZetaSQLClient.API, server);
    if (!(await ZetaSQLClient.getInstance().testConnection())) {
      server.kill('SIGKILL');
      throw new Error(`The ZetaSQL service did not answer on port ${port}.`);
    }
    return analyser;
  }

  close(): void {
    // This service's client (init replaces the package's static one when another file starts a service).
    this.api.close();
    this.server.kill('SIGKILL');
  }

  /** A dataset or table the test (or a load job) made without DDL. */
  createDataset(path: string[]): void {
    this.datasets.add(path.join('.'));
  }

  createTable(path: string[], columns: Column[]): void {
    const dataset = path.slice(0, -1).join('.');
    if (!this.datasets.has(dataset)) throw new Error(`Not found: Dataset ${dataset}`);
    this.tables.set(path.join('.'), columns);
    this.contents.set(path.join('.'), []);
  }

  dropTable(path: string[]): void {
    this.tables.delete(path.join('.'));
    this.contents.delete(path.join('.'));
  }

  rowsOf(path: string[]): ZetaValue[][] {
    const rows = this.contents.get(path.join('.'));
    if (!rows) throw new Error(`Not found: Table ${path.join('.')}`);
    return rows;
  }

  setRows(path: string[], rows: ZetaValue[][]): void {
    this.rowsOf(path);
    this.contents.set(path.join('.'), rows);
  }

  /**
   * Runs a query on ZetaSQL's reference implementation (the semantics BigQuery's functions follow)
   * over the tables' rows. The service takes rows only for tables at the catalog's root, so each
   * table the text names (`a`.`b`.`c`) is given as a root table of its own for this run.
   */
  async evaluateQuery(sql: string, parameters: Record<string, { type: ZetaType; value: ZetaValue }> = {}): Promise<{ columns: string[]; rows: ZetaValue[][] }> {
    const { text, catalog, tableContent } = this.rooted(sql);
    try {
      const answer = await this.call<{ content: { tableData: { row: { cell: ZetaValue[] }[] } }; prepared: { columns: { name: string }[] } }>('evaluateQuery', {
        sql: text,
        simpleCatalog: catalog,
        tableContent,
        options: this.options(parameters),
        params: Object.entries(parameters).map(([name, { value }]) => ({ name, value })),
      });
      return { columns: answer.prepared.columns.map((c) => c.name), rows: answer.content.tableData.row.map((r) => r.cell) };
    } catch (error) {
      throw new BigQuerySqlError(String((error as { details?: string }).details ?? error), sql);
    }
  }

  /** Runs a DELETE, INSERT or UPDATE on the reference implementation and applies it to the table's rows (keyed by the columns `key` names). */
  async evaluateModify(sql: string, table: string[], key: string[], parameters: Record<string, { type: ZetaType; value: ZetaValue }> = {}): Promise<number> {
    const { text, catalog, tableContent } = this.rooted(sql, key);
    let answer: { content: { operation: string | number; cell: ZetaValue[]; oldPrimaryKey: ZetaValue[] }[] };
    try {
      answer = await this.call('evaluateModify', {
        sql: text,
        simpleCatalog: catalog,
        tableContent,
        options: this.options(parameters),
        params: Object.entries(parameters).map(([name, { value }]) => ({ name, value })),
      });
    } catch (error) {
      throw new BigQuerySqlError(String((error as { details?: string }).details ?? error), sql);
    }
    const columns = this.columnsOf(table)!;
    const at = key.map((k) => columns.findIndex((c) => c.name === k));
    const same = (a: ZetaValue[], b: ZetaValue[]) => JSON.stringify(a.map(jsValue)) === JSON.stringify(b.map(jsValue));
    let rows = this.rowsOf(table);
    for (const change of answer.content) {
      if (change.operation !== 'DELETE' && change.operation !== 2)
        throw new Error(`Only DELETE is modelled by the test's BigQuery, not ${String(change.operation)}.`);
      rows = rows.filter(
        (row) =>
          !same(
            at.map((i) => row[i]!),
            change.oldPrimaryKey,
          ),
      );
    }
    this.setRows(table, rows);
    return answer.content.length;
  }

  private options(parameters: Record<string, { type: ZetaType }>) {
    return {
      languageOptions: BIGQUERY_LANGUAGE_OPTIONS,
      queryParameters: Object.entries(parameters).map(([name, { type }]) => ({ name, type })),
      errorMessageMode: 'ERROR_MESSAGE_ONE_LINE',
    };
  }

  /** The statement with every known table it names (backticked path) renamed to a root table, and those tables' rows. */
  private rooted(sql: string, key: string[] = []) {
    const tables: { name: string; column: Column[]; primaryKeyColumnIndex: number[] }[] = [];
    const tableContent: Record<string, { tableData: { row: { cell: ZetaValue[] }[] } }> = {};
    const text = sql.replace(/`[^`]+`(?:\.`[^`]+`)+/g, (ref) => {
      const path = ref.slice(1, -1).split('`.`');
      const columns = this.columnsOf(path);
      if (!columns) return ref;
      const name = `__table_${tables.length}`;
      tables.push({ name, column: columns, primaryKeyColumnIndex: key.map((k) => columns.findIndex((c) => c.name === k)) });
      tableContent[name] = { tableData: { row: this.rowsOf(path).map((cell) => ({ cell })) } };
      return name;
    });
    return { text, catalog: { name: '', table: tables, builtinFunctionOptions: { languageOptions: BIGQUERY_LANGUAGE_OPTIONS } }, tableContent };
  }

  hasTable(path: string[]): boolean {
    return this.tables.has(path.join('.'));
  }

  columnsOf(path: string[]): Column[] | undefined {
    return this.tables.get(path.join('.'));
  }

  /**
   * Analyses every statement of `sql` in turn (BigQuery runs a multi-statement request as a
   * script) against the catalog, with `parameters` declared; throws BigQuerySqlError with
   * ZetaSQL's message on the first statement it refuses.
   */
  async analyse(sql: string, parameters: Record<string, ZetaType> = {}): Promise<AnalysedStatement[]> {
    const done: AnalysedStatement[] = [];
    const bytes = Buffer.from(sql);
    let position = 0;
    while (bytes.subarray(position).toString().trim()) {
      let response: { resolvedStatement?: Resolved | null; resumeBytePosition?: number };
      try {
        response = await this.call('analyze', {
          parseResumeLocation: { input: sql, bytePosition: position, allowResume: true },
          simpleCatalog: this.catalog(),
          options: {
            languageOptions: BIGQUERY_LANGUAGE_OPTIONS,
            queryParameters: Object.entries(parameters).map(([name, type]) => ({ name, type })),
            errorMessageMode: 'ERROR_MESSAGE_ONE_LINE',
          },
        });
      } catch (error) {
        throw new BigQuerySqlError(String((error as { details?: string }).details ?? error), sql);
      }
      const statement = response.resolvedStatement as Resolved;
      const kind = kindOf(statement);
      this.apply(statement, kind, sql);
      done.push({ sql, kind });
      position = Number(response.resumeBytePosition);
    }
    this.analysed.push(...done);
    return done;
  }

  /** What a DDL statement changes in the catalog (BigQuery's IF NOT EXISTS semantics). */
  private apply(statement: Resolved, kind: string, sql: string): void {
    if (kind === 'resolvedCreateSchemaStmtNode') {
      const schema = dig(statement, ['resolvedCreateStatementNode', 'resolvedCreateSchemaStmtNode', 'parent']);
      this.datasets.add((schema?.namePath as string[]).join('.'));
    } else if (kind === 'resolvedCreateTableStmtNode') {
      const table = dig(statement, ['resolvedCreateStatementNode', 'resolvedCreateTableStmtBaseNode', 'resolvedCreateTableStmtNode', 'parent']);
      const path = dig(table, ['parent'])?.namePath as string[];
      if (this.hasTable(path)) return;
      const columns = (table?.columnDefinitionList as { name: string; type: ZetaType }[]).map(({ name, type }) => ({ name, type }));
      try {
        this.createTable(path, columns);
      } catch (error) {
        throw new BigQuerySqlError((error as Error).message, sql);
      }
    } else if (kind === 'resolvedAlterTableStmtNode') {
      const alter = dig(statement, ['resolvedAlterObjectStmtNode', 'resolvedAlterTableStmtNode', 'parent']);
      const columns = this.columnsOf(alter?.namePath as string[]);
      if (!columns) throw new BigQuerySqlError(`Not found: Table ${(alter?.namePath as string[]).join('.')}`, sql);
      for (const action of (alter?.alterActionList ?? []) as Resolved[]) {
        const add = dig(action, ['resolvedAddColumnActionNode']);
        if (!add) throw new BigQuerySqlError(`ALTER TABLE action not modelled by the test analyser: ${String(action.node)}`, sql);
        const definition = add.columnDefinition as { name: string; type: ZetaType };
        const existing = columns.find((c) => c.name.toLowerCase() === definition.name.toLowerCase());
        if (existing && !add.isIfNotExists) throw new BigQuerySqlError(`Column already exists: ${definition.name}`, sql);
        if (!existing) {
          columns.push({ name: definition.name, type: definition.type });
          for (const row of this.rowsOf(alter?.namePath as string[])) row.push({});
        }
      }
    }
  }

  /** The catalog as nested SimpleCatalogProtos: project → dataset → tables (or dataset → tables). */
  private catalog() {
    type Catalog = { name: string; table: { name: string; column: Column[] }[]; catalog: Catalog[] };
    const root: Catalog = { name: '', table: [], catalog: [] };
    const at = (path: string[]): Catalog =>
      path.reduce((parent, name) => {
        let child = parent.catalog.find((c) => c.name === name);
        if (!child) parent.catalog.push((child = { name, table: [], catalog: [] }));
        return child;
      }, root);
    for (const [key, column] of this.tables) {
      const path = key.split('.');
      at(path.slice(0, -1)).table.push({ name: path.at(-1)!, column });
    }
    return { ...root, builtinFunctionOptions: { languageOptions: BIGQUERY_LANGUAGE_OPTIONS } };
  }

  private call<R>(method: 'analyze' | 'evaluateQuery' | 'evaluateModify', request: unknown): Promise<R> {
    return new Promise((resolve, reject) =>
      (this.api[method] as unknown as (req: unknown, cb: (error: Error | null, response: R) => void) => void).call(this.api, request, (error, response) =>
        error ? reject(error) : resolve(response),
      ),
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
