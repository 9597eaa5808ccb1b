import { isoToTimestamp } from '../../json-editor/json-document';
import { formatDisplayJson } from './display-json';
import { FORM_TEXTS } from '../texts';

/**
 * The 'json' component (document 1 §5 'JSON editor'): a JSON value edited as text. A value stored
 * as JSON text (WhatsApp templates, lead params) stays text; anything else is stored parsed.
 * Timestamps are written as { timestamp: ISO } and read back as dates.
 */

export type JsonEdit = { ok: true; value: unknown } | { ok: false; message: string };

export function jsonEditText(stored: unknown): string {
  if (stored === undefined || stored === null) return '';
  return typeof stored === 'string' ? stored : formatDisplayJson(stored);
}

function isTimestampObject(value: object): value is { timestamp: string } {
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === 'timestamp' && typeof (value as { timestamp: unknown }).timestamp === 'string';
}

/** JSON as stored: `{ timestamp: ISO }` becomes a Timestamp, to the nanosecond the text gives. */
export function reviveTimestamps(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reviveTimestamps);
  if (value === null || typeof value !== 'object') return value;
  if (isTimestampObject(value)) {
    const timestamp = isoToTimestamp(value.timestamp);
    if (timestamp) return timestamp;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reviveTimestamps(v)]));
}

export function invalidJsonMessage(error: unknown): string {
  return `${FORM_TEXTS.invalidJson}: ${error instanceof Error ? error.message : String(error)}`;
}

/** The value to store for the typed text, or the message shown while it is not valid JSON. */
export function parseJsonEdit(text: string, stored: unknown): JsonEdit {
  const keepText = typeof stored === 'string';
  if (text.trim() === '') return { ok: true, value: keepText ? '' : null };
  try {
    const parsed: unknown = JSON.parse(text);
    return { ok: true, value: keepText ? text : reviveTimestamps(parsed) };
  } catch (error) {
    return { ok: false, message: invalidJsonMessage(error) };
  }
}
