import { Timestamp } from 'firebase-admin/firestore';

/**
 * A Firestore document as JSON: timestamps become `{ timestamp: ISO }`, the form the JSON editor
 * and the shared schemas (timestampLike) use, instead of the SDK's `{_seconds, _nanoseconds}`.
 */
export function toJsonData(value: unknown): unknown {
  if (value instanceof Timestamp) return { timestamp: value.toDate().toISOString() };
  if (value instanceof Date) return { timestamp: value.toISOString() };
  if (Array.isArray(value)) return value.map(toJsonData);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonData(v)]));
  }
  return value;
}

const ISO_FRACTION = /^(.*T\d{2}:\d{2}:\d{2})\.(\d{1,9})(Z|[+-]\d{2}:\d{2})$/;

/** `{ timestamp: ISO }` as a Timestamp, to the nanosecond the text gives; null when it is no date. */
export function isoToTimestamp(text: string): Timestamp | null {
  const match = ISO_FRACTION.exec(text);
  if (match) {
    const wholeMs = Date.parse(`${match[1]}${match[3]}`);
    return Number.isNaN(wholeMs) ? null : new Timestamp(Math.floor(wholeMs / 1000), Number(match[2]!.padEnd(9, '0')));
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : Timestamp.fromMillis(ms);
}

/** The inverse of toJsonData: every `{ timestamp: ISO }` (that key alone) becomes a Timestamp. */
export function fromJsonData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromJsonData);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value);
  if (entries.length === 1 && entries[0]![0] === 'timestamp' && typeof entries[0]![1] === 'string') {
    const timestamp = isoToTimestamp(entries[0]![1]);
    if (timestamp) return timestamp;
  }
  return Object.fromEntries(entries.map(([k, v]) => [k, fromJsonData(v)]));
}
