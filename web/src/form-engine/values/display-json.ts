import { Timestamp } from 'firebase/firestore';
import { timestampToIso } from '../../json-editor/json-document';
import { toDate } from './timestamps';

/** A JSON-safe copy for display: timestamps as { timestamp: ISO } (the JSON editor's form). */
export function toDisplayJson(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const v = value as Record<string, unknown>;
  if (value instanceof Date || typeof v.toDate === 'function' || (typeof v.seconds === 'number' && 'nanoseconds' in v)) {
    // Full precision (Firestore keeps microseconds), the same text the JSON editor shows, so a
    // value exported and imported again (CSV, JSON fields) is the same timestamp.
    if (typeof v.seconds === 'number' && typeof v.nanoseconds === 'number') {
      return { timestamp: timestampToIso(new Timestamp(v.seconds, v.nanoseconds)) };
    }
    return { timestamp: toDate(value)?.toISOString() ?? null };
  }
  if (Array.isArray(value)) return value.map(toDisplayJson);
  // Other SDK objects (references, geo points) show their own fields.
  if (typeof v.path === 'string' && typeof v.id === 'string') return { reference: v.path };
  return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, toDisplayJson(item)]));
}

export function formatDisplayJson(value: unknown): string {
  return JSON.stringify(toDisplayJson(value), null, 2) ?? '';
}

/** One line telling what a value holds, for a collapsed view. */
export function summarizeValue(value: unknown): string {
  if (value === undefined || value === null || value === '') return 'vazio';
  if (Array.isArray(value)) return value.length === 1 ? '1 item' : `${value.length} itens`;
  if (typeof value === 'object') {
    const keys = Object.keys(toDisplayJson(value) as object);
    return keys.length === 1 ? '1 campo' : `${keys.length} campos`;
  }
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
