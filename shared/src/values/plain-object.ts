/**
 * Whether `value` is a plain map — what JSON, Firestore and object literals give for `{...}`:
 * a non-null object whose prototype is `Object.prototype` or `null` (lodash's meaning of the name).
 *
 * Refused: `null`, arrays, `Date`, Firestore's `Timestamp`, `GeoPoint`, `DocumentReference` and
 * `FieldValue` sentinels, and any other class instance — those are values to keep or compare
 * whole, not maps to walk into, merge key by key or spread.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
