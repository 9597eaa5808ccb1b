import Papa from 'papaparse';
import {
  documentIdProblem,
  firstSchemaIssue,
  INVALID_ID_CHARACTERS,
  mergeDiff,
  mergeLikeFirestore,
  stableText,
  type CollectionDefinition,
  type FieldDiff,
} from '@console/shared';
import { fieldAtPath, ID_COLUMN, readHeader, type CsvColumn } from './columns';
import { readCell } from './cell-codec';
import { CSV_TEXTS } from './texts';

/**
 * Reading an import file (document 2 §5) into a plan: every line checked before anything is
 * written. A line is ignored (invalid id), an error (named reason), or a record ready to be set
 * with merge. Line numbers are the spec's: index + 2 (line 1 is the header).
 */

/** A file line as read: its number and its cells, kept to write the not-imported lines back out. */
export interface FileLine {
  line: number;
  cells: string[];
}

export interface ReadyRecord extends FileLine {
  status: 'ready';
  id: string;
  /** Only the non-empty cells, nested by path: what `set(..., { merge: true })` writes. */
  data: Record<string, unknown>;
}
export interface RejectedLine extends FileLine {
  status: 'error';
  id: string;
  message: string;
}
export interface IgnoredLine extends FileLine {
  status: 'ignored';
  id: string;
  /** The offending characters, each once, spaces shown as '␣'. */
  characters: string[];
}
export type PlannedLine = ReadyRecord | RejectedLine | IgnoredLine;

export interface ImportPlan {
  headers: string[];
  columns: (CsvColumn | null)[];
  unknownColumns: string[];
  lines: PlannedLine[];
}

export function readCsvText(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: false });
  return parsed.data;
}

/** Only text/csv is accepted (spec §5); some systems label .csv files as Excel's, so the name also counts. */
export function isCsvFile(file: { type: string; name: string }): boolean {
  return file.type === 'text/csv' || ((file.type === '' || file.type === 'application/vnd.ms-excel') && /\.csv$/i.test(file.name));
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown) {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node = (next && typeof next === 'object' && !Array.isArray(next) && !(next instanceof Date) ? next : (node[key] = {})) as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

function planLine(definition: CollectionDefinition, plan: Pick<ImportPlan, 'headers' | 'columns'>, cells: string[], line: number): PlannedLine | null {
  if (cells.every((cell) => cell.trim() === '')) return null;
  const idIndex = plan.columns.findIndex((c) => c?.path.length === 1 && c.path[0] === ID_COLUMN);
  const id = idIndex >= 0 ? (cells[idIndex] ?? '').trim() : '';
  const bad = id.match(INVALID_ID_CHARACTERS);
  if (bad) {
    const characters = [...new Set(bad.map((c) => (/\s/.test(c) ? '␣' : c)))];
    return { status: 'ignored', line, cells, id, characters };
  }
  if (!id && definition.userDefinedId) return { status: 'error', line, cells, id, message: CSV_TEXTS.missingId };
  // '..', '__x__', too long…: Firestore refuses them (the server would refuse the whole batch).
  const idProblem = id ? documentIdProblem(id) : null;
  if (idProblem) return { status: 'error', line, cells, id, message: `Id inválido: ${idProblem}.` };

  const data: Record<string, unknown> = {};
  for (const [index, cell] of cells.entries()) {
    if (index === idIndex || cell === '') continue;
    const column = plan.columns[index];
    const header = plan.headers[index] ?? `#${index + 1}`;
    if (!column) return { status: 'error', line, cells, id, message: CSV_TEXTS.unknownColumn(header) };
    const reading = readCell(column.kind, cell, column.path.join('.'));
    if (!reading.ok) return { status: 'error', line, cells, id, message: reading.message };
    setPath(data, column.path, reading.value);
  }
  // Collections whose form has an `id` field store the id in the document too.
  if (id && fieldAtPath(definition.fields, [ID_COLUMN])) data[ID_COLUMN] = id;
  return { status: 'ready', line, cells, id, data };
}

export function planImport(definition: CollectionDefinition, rows: string[][]): ImportPlan {
  const [headerCells = [], ...body] = rows;
  const headers = headerCells.map((h) => h.trim());
  const readings = headers.map((h) => readHeader(h, definition.fields));
  const columns = readings.map((r) => (r.ok ? r.column : null));
  const unknownColumns = readings.flatMap((r) => (r.ok ? [] : [r.header]));
  const lines = body.flatMap((cells, index) => planLine(definition, { headers, columns }, cells, index + 2) ?? []);
  return { headers, columns, unknownColumns, lines };
}

export { mergeLikeFirestore };

/** First zod issue as one line: `Options.maxInstallments: ...`. */
function schemaMessage(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  return firstSchemaIssue(error) ?? CSV_TEXTS.unknownError;
}

/**
 * The collection's schema checked on what each ready record would become once merged into the
 * stored document (`stored` by id; absent = created). Failing records become errors.
 */
export function checkAgainstSchema(
  definition: CollectionDefinition,
  lines: readonly PlannedLine[],
  stored: ReadonlyMap<string, Record<string, unknown>>,
): PlannedLine[] {
  return lines.map((line) => {
    if (line.status !== 'ready') return line;
    const merged = mergeLikeFirestore(stored.get(line.id) ?? {}, line.data);
    const result = definition.schema.safeParse(merged);
    return result.success ? line : { status: 'error', line: line.line, cells: line.cells, id: line.id, message: schemaMessage(result.error) };
  });
}

/** The lines given, as a CSV with the file's own header, to be fixed and imported again. */
export function linesToCsv(headers: readonly string[], lines: readonly FileLine[]): string {
  return Papa.unparse({ fields: [...headers], data: lines.map((l) => l.cells) }, { newline: '\r\n' });
}

/** Timestamps a save sets anyway: not a change the preview shows. */
const STAMP_FIELDS = new Set(['createdAt', 'updatedAt']);

/** The fields a ready record changes in its stored document (stored → file), as the merge-write leaves them. */
export function recordChanges(stored: Record<string, unknown>, data: Record<string, unknown>): FieldDiff[] {
  return mergeDiff(stored, data, STAMP_FIELDS);
}

/** A value in a preview line: text as is, nothing as '(vazio)', the rest as JSON, cut at 60 characters. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '(vazio)';
  const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : stableText(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
