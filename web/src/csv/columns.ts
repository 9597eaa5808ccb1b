import type { FieldDefinition } from '@console/shared';

/**
 * CSV columns are named `path:type` (document 2 §5): `path` is the stored key (a field's `mapTo`
 * wins over its name), struct fields are flattened (`address.city:text`), and keys a definition
 * does not list travel as `key:json` so that an export imports back without loss.
 */

/** The document id column: the id of the stored document, not necessarily a stored field. */
export const ID_COLUMN = 'id';
/** Type of columns holding data the definition does not describe, kept as stored. */
export const EXTRA_TYPE = 'json';

/** Types written as plain text in a cell; every other type is written as JSON. */
const TEXT_TYPES = new Set(['text', 'textarea', 'editor', 'select', 'select_nested']);

export type CellKind = 'text' | 'number' | 'checkbox' | 'date' | 'datetime' | 'json';

export interface CsvColumn {
  /** Stored key path, e.g. ['Options', 'canSell']. */
  path: string[];
  /** The type named in the header: a field type, or `json` for extra data. */
  type: string;
  kind: CellKind;
}

export function cellKind(type: string): CellKind {
  if (TEXT_TYPES.has(type)) return 'text';
  if (type === 'number' || type === 'checkbox' || type === 'date' || type === 'datetime') return type;
  return 'json';
}

export function columnHeader(column: Pick<CsvColumn, 'path' | 'type'>): string {
  return `${column.path.join('.')}:${column.type}`;
}

const storedKey = (field: FieldDefinition) => field.mapTo ?? field.name;

/** The columns a definition describes, struct fields flattened, in form order. */
export function definitionColumns(fields: readonly FieldDefinition[], prefix: string[] = []): CsvColumn[] {
  return fields.flatMap((field): CsvColumn[] => {
    const path = [...prefix, storedKey(field)];
    if (field.type === 'struct') return definitionColumns(field.fields, path);
    return [{ path, type: field.type, kind: cellKind(field.type) }];
  });
}

/** The field stored at `path`, walking struct fields, or null. */
export function fieldAtPath(fields: readonly FieldDefinition[], path: readonly string[]): FieldDefinition | null {
  const [head, ...rest] = path;
  const field = fields.find((f) => storedKey(f) === head);
  if (!field) return null;
  if (rest.length === 0) return field;
  return field.type === 'struct' ? fieldAtPath(field.fields, rest) : null;
}

export type HeaderReading = { ok: true; column: CsvColumn } | { ok: false; header: string };

/**
 * A header the importer understands: `id` or `id:text`, a field of the definition with its own
 * type, or any path as `json` (extra stored data). A header without `:type` takes the type of the
 * collection's field of that name (spreadsheets made by hand rarely carry the type); only names the
 * collection does not have, or a type that is not the field's, are unknown columns.
 */
export function readHeader(header: string, fields: readonly FieldDefinition[]): HeaderReading {
  const text = header.trim();
  const colon = text.lastIndexOf(':');
  const named = colon > 0 ? text.slice(0, colon) : text;
  const typed = colon > 0 ? text.slice(colon + 1) : null;
  if (named === '' || colon === 0) return { ok: false, header: text };
  const path = named.split('.');
  if (path.some((part) => part === '')) return { ok: false, header: text };
  if (path.length === 1 && path[0] === ID_COLUMN && (typed === null || typed === 'text')) {
    return { ok: true, column: { path, type: 'text', kind: 'text' } };
  }
  if (typed === EXTRA_TYPE) return { ok: true, column: { path, type: typed, kind: 'json' } };
  const field = fieldAtPath(fields, path);
  if (!field || field.type === 'struct') return { ok: false, header: text };
  const type = typed ?? field.type;
  if (field.type !== type) return { ok: false, header: text };
  return { ok: true, column: { path, type, kind: cellKind(type) } };
}
