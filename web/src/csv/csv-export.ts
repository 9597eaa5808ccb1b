import Papa from 'papaparse';
import { isPlainObject, type FieldDefinition } from '@console/shared';
import { columnHeader, definitionColumns, EXTRA_TYPE, fieldAtPath, ID_COLUMN, type CsvColumn } from './columns';
import { formatCell } from './cell-codec';

/** A stored document as exported: its id and its data. */
export interface StoredRecord {
  id: string;
  data: Record<string, unknown>;
}

/** Paths of stored keys the definition does not describe (walking into described structs). */
function extraPaths(fields: readonly FieldDefinition[], data: Record<string, unknown>, prefix: string[], into: Map<string, string[]>) {
  for (const [key, value] of Object.entries(data)) {
    const path = [...prefix, key];
    const field = fieldAtPath(fields, path);
    if (field?.type === 'struct' && isPlainObject(value)) extraPaths(fields, value, path, into);
    else if (!field) into.set(path.join('.'), path);
  }
}

/**
 * Columns of an export: `id:text`, then the definition's columns, then every extra stored key
 * (as `json`) found in `records`, in the order first met.
 */
export function exportColumns(fields: readonly FieldDefinition[], records: Iterable<StoredRecord>): CsvColumn[] {
  const described = definitionColumns(fields).filter((c) => !(c.path.length === 1 && c.path[0] === ID_COLUMN));
  const extras = new Map<string, string[]>();
  for (const record of records) extraPaths(fields, record.data, [], extras);
  extras.delete(ID_COLUMN);
  return [
    { path: [ID_COLUMN], type: 'text', kind: 'text' },
    ...described,
    ...[...extras.values()].map((path): CsvColumn => ({ path, type: EXTRA_TYPE, kind: 'json' })),
  ];
}

function valueAt(data: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = data;
  for (const key of path) {
    if (!isPlainObject(value)) return undefined;
    value = value[key];
  }
  return value;
}

/** The whole CSV text (header line first, CRLF line ends, as spreadsheets expect). */
export function recordsToCsv(columns: readonly CsvColumn[], records: readonly StoredRecord[]): string {
  const rows = records.map((record) =>
    columns.map((column) =>
      column.path.length === 1 && column.path[0] === ID_COLUMN ? record.id : formatCell(column.kind, valueAt(record.data, column.path)),
    ),
  );
  return Papa.unparse({ fields: columns.map(columnHeader), data: rows }, { newline: '\r\n' });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §9: collection_YYYY-MM-DD_HH-mm-ss.csv (local time). */
export function exportFileName(collectionId: string, at: Date, suffix = ''): string {
  const date = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
  const time = `${pad(at.getHours())}-${pad(at.getMinutes())}-${pad(at.getSeconds())}`;
  return `${collectionId}${suffix}_${date}_${time}.csv`;
}
