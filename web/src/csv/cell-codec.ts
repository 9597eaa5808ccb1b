import { readBrazilianNumber } from '@console/shared';
import { toDisplayJson, reviveTimestamps, toDate } from '../form-engine/value-formats';
import type { CellKind } from './columns';
import { CSV_TEXTS } from './texts';

/**
 * One cell <-> one stored value, per column kind (document 2 §5). Dates and date-times are read
 * and written in the browser's local time, as the form edits them (the operators are in Brazil):
 * an export read back on the same clock gives the same instants. Seconds are the finest unit.
 */

const pad = (n: number) => String(n).padStart(2, '0');

function dateText(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The text written for a stored value; '' for nothing (empty cells are ignored on import). */
export function formatCell(kind: CellKind, value: unknown): string {
  if (value === undefined || value === null) return '';
  switch (kind) {
    case 'text':
    case 'number':
      return typeof value === 'object' ? JSON.stringify(toDisplayJson(value)) : String(value);
    case 'checkbox':
      return value === true ? 'true' : 'false';
    case 'date': {
      const d = toDate(value);
      return d ? dateText(d) : '';
    }
    case 'datetime': {
      const d = toDate(value);
      return d ? `${dateText(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : '';
    }
    case 'json':
      return JSON.stringify(toDisplayJson(value));
  }
}

export type CellReading = { ok: true; value: unknown } | { ok: false; message: string };

const DATETIME_PATTERNS = [
  /^(?<y>\d{4})-(?<mo>\d{2})-(?<d>\d{2})[T ](?<h>\d{2}):(?<mi>\d{2}):(?<s>\d{2})$/,
  /^(?<d>\d{2})\/(?<mo>\d{2})\/(?<y>\d{4}) (?<h>\d{2}):(?<mi>\d{2}):(?<s>\d{2})$/,
];
const DATE_PATTERNS = [/^(?<y>\d{4})-(?<mo>\d{2})-(?<d>\d{2})$/, /^(?<d>\d{2})\/(?<mo>\d{2})\/(?<y>\d{4})$/];

/** A local date from matched parts, or null when the calendar does not have it (31/02). */
function localDate(parts: Record<string, string>): Date | null {
  const [y, mo, d, h, mi, s] = ['y', 'mo', 'd', 'h', 'mi', 's'].map((k) => Number(parts[k] ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(y, mo - 1, d, h, mi, s);
  const same = date.getFullYear() === y && date.getMonth() === mo - 1 && date.getDate() === d && date.getHours() === h && date.getMinutes() === mi;
  return same && s < 60 ? date : null;
}

function readDate(text: string, patterns: RegExp[]): Date | null {
  for (const pattern of patterns) {
    const groups = pattern.exec(text)?.groups;
    if (groups) return localDate(groups);
  }
  return null;
}

/** The value a non-empty cell stands for, or the reason it cannot be read. `name` is the column path. */
export function readCell(kind: CellKind, text: string, name: string): CellReading {
  const trimmed = text.trim();
  switch (kind) {
    case 'text':
      return { ok: true, value: text };
    case 'checkbox':
      return { ok: true, value: trimmed === 'true' };
    case 'number': {
      // The shared reader: a spreadsheet in pt-BR writes '1.234,56', the console's export '1234.56'.
      const value = readBrazilianNumber(trimmed);
      return value !== null ? { ok: true, value } : { ok: false, message: CSV_TEXTS.badNumber(name, text) };
    }
    case 'date': {
      const value = readDate(trimmed, DATE_PATTERNS);
      return value ? { ok: true, value } : { ok: false, message: CSV_TEXTS.badDate(name, text) };
    }
    case 'datetime': {
      const value = readDate(trimmed, DATETIME_PATTERNS);
      return value ? { ok: true, value } : { ok: false, message: CSV_TEXTS.badDatetime(name, text) };
    }
    case 'json':
      try {
        return { ok: true, value: reviveTimestamps(JSON.parse(text)) };
      } catch (error) {
        return { ok: false, message: CSV_TEXTS.badJson(name, error instanceof Error ? error.message : String(error)) };
      }
  }
}
