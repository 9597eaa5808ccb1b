import { isPlainObject } from '@console/shared';
import { TABLES, type ColumnKind, type TableName } from './tables.js';
import { WarehouseError, type WarehouseRow } from './warehouse.js';

/** A row checked and flattened for writing: what both adapters put into their staging table. */
export interface StagedRow {
  project: string;
  id: string;
  /** `data` as JSON text. */
  data: string;
  source: string;
  /** Milliseconds since the epoch (UTC). */
  fetchedAtMs: number;
  /** Extra column values, in the table's declared column order. */
  extras: (string | number | null)[];
}

const BASE_FIELDS = new Set(['project', 'id', 'data', 'source', 'fetchedAt']);

export function extraColumnsOf(table: TableName): [name: string, kind: ColumnKind][] {
  return Object.entries(TABLES[table].columns);
}

export function writeFailure(detail: string, cause?: unknown): WarehouseError {
  return new WarehouseError(`Falha ao gravar no warehouse: ${detail}`, { cause });
}

/** An adapter's error as the callers see it: already Portuguese, or wrapped with what failed. */
export function asWriteFailure(table: string, error: unknown): WarehouseError {
  return error instanceof WarehouseError ? error : writeFailure(`${table}: ${(error as Error).message}`, error);
}

export function asReadFailure(table: string, error: unknown): WarehouseError {
  return error instanceof WarehouseError ? error : new WarehouseError(`Falha ao ler ${table} no warehouse: ${(error as Error).message}`, { cause: error });
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** The checks of one table's rows, prepared once per batch. */
function rowStager(table: TableName) {
  const columns = extraColumnsOf(table);
  const allowed = new Set([...BASE_FIELDS, ...columns.map(([name]) => name)]);
  return (row: Record<string, unknown>, index: number): StagedRow => {
    const invalid = (why: string) => writeFailure(`linha ${index + 1} de ${table} inválida (${why}); nada foi gravado.`);
    if (!isPlainObject(row)) throw invalid('não é um objeto');
    if (!nonEmptyString(row.project)) throw invalid('project vazio');
    if (!nonEmptyString(row.id)) throw invalid('id vazio');
    if (!nonEmptyString(row.source)) throw invalid('source vazio');
    if (!isPlainObject(row.data)) throw invalid('data não é um objeto JSON');
    let data: string;
    try {
      data = JSON.stringify(row.data);
    } catch (error) {
      throw invalid(`data não é serializável: ${(error as Error).message}`);
    }
    const fetchedAtMs = typeof row.fetchedAt === 'string' ? Date.parse(row.fetchedAt) : Number.NaN;
    if (!Number.isFinite(fetchedAtMs)) throw invalid('fetchedAt não é uma data ISO 8601');
    for (const field in row) if (!allowed.has(field)) throw invalid(`campo desconhecido: ${field}`);
    const extras = columns.map(([name, kind]) => {
      const value = row[name];
      if (value === undefined || value === null) return null;
      if (kind === 'string' && typeof value === 'string') return value;
      if (kind === 'number' && typeof value === 'number' && Number.isFinite(value)) return value;
      throw invalid(`${name} deveria ser ${kind === 'string' ? 'texto' : 'número'}`);
    });
    return { project: row.project, id: row.id, data, source: row.source, fetchedAtMs, extras };
  };
}

/**
 * Checks every row before anything is written (so one bad row fails the whole batch) and keeps
 * the last row of a repeated key: a MERGE or ON CONFLICT cannot touch one target row twice.
 */
export function stageRows<T extends TableName>(table: T, rows: readonly WarehouseRow<T>[]): StagedRow[] {
  if (!Array.isArray(rows)) throw writeFailure(`as linhas de ${table} devem ser uma lista.`);
  const stage = rowStager(table);
  const byKey = new Map<string, StagedRow>();
  rows.forEach((row, index) => {
    const staged = stage(row as unknown as Record<string, unknown>, index);
    const key = `${staged.project.length}:${staged.project}${staged.id}`;
    byKey.delete(key); // re-insert so the order follows the last occurrence
    byKey.set(key, staged);
  });
  return [...byKey.values()];
}

/** Builds the row the callers read back, from the stored columns. */
export function readRow<T extends TableName>(
  table: T,
  stored: { project: string; id: string; data: string; source: string; fetchedAtMs: number; extras: Record<string, unknown> },
): WarehouseRow<T> {
  const row: Record<string, unknown> = {
    project: stored.project,
    id: stored.id,
    data: JSON.parse(stored.data),
    source: stored.source,
    fetchedAt: new Date(stored.fetchedAtMs).toISOString(),
  };
  for (const [name, kind] of extraColumnsOf(table)) {
    const value = stored.extras[name];
    row[name] = value === null || value === undefined ? null : kind === 'number' ? Number(value) : String(value);
  }
  return row as WarehouseRow<T>;
}

export function assertTable(table: string): asserts table is TableName {
  if (!Object.hasOwn(TABLES, table)) throw new WarehouseError(`Tabela desconhecida no warehouse: ${table}.`);
}

export function assertKey(table: string, key: { project?: unknown; id?: unknown }): void {
  if (!nonEmptyString(key?.project) || !nonEmptyString(key?.id)) {
    throw new WarehouseError(`Chave inválida para ${table}: project e id são obrigatórios.`);
  }
}

export function assertFilter(table: string, filter: { project?: unknown; ids?: unknown }): void {
  if (!nonEmptyString(filter?.project)) throw new WarehouseError(`Filtro inválido para ${table}: project é obrigatório.`);
  if (filter.ids !== undefined && !(Array.isArray(filter.ids) && filter.ids.every((id) => typeof id === 'string'))) {
    throw new WarehouseError(`Filtro inválido para ${table}: ids deve ser uma lista de textos.`);
  }
}
