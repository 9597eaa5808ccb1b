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
