import { isPlainObject } from './plain-object.js';

/**
 * What a merge-write changes, field by field, and pins on what was seen (issue 29 point 5: the
 * replication diff and the CSV import preview). Works on stored values of either SDK: Timestamps
 * are compared by their seconds and nanoseconds, which both the web and the Admin SDK's carry.
 * Not by `toMillis`: the web SDK's keeps the microseconds as a fraction (…123.456) and the Admin
 * SDK's drops them (…123), so a stored timestamp finer than a millisecond hashed differently in
 * the browser's preview and on the server, and its CSV line was refused as 'changed since the
 * preview' although nobody had touched it.
 */
type Doc = Record<string, unknown>;

const isTimestamp = (v: unknown): v is { toMillis(): number } =>
  typeof v === 'object' && v !== null && typeof (v as { toMillis?: unknown }).toMillis === 'function';

/** An instant as whole seconds and nanoseconds ("1700000000.123456000"), the same from either SDK or a Date. */
function instantText(v: { toMillis(): number } | Date): string {
  const { seconds, nanoseconds } = v as { seconds?: unknown; nanoseconds?: unknown };
  if (typeof seconds === 'number' && typeof nanoseconds === 'number') return `${seconds}.${String(nanoseconds).padStart(9, '0')}`;
  const ms = v instanceof Date ? v.getTime() : v.toMillis();
  const whole = Math.floor(ms / 1000);
  return `${whole}.${String(Math.round((ms - whole * 1000) * 1e6)).padStart(9, '0')}`;
}

/** A stable text of a stored value: map keys sorted, Timestamps as {instant}. */
export function stableText(value: unknown): string {
  const norm = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(norm);
    // A date read from a file is the same instant as the Timestamp stored for it.
    if (isTimestamp(v) || v instanceof Date) return { instant: instantText(v) };
    if (isPlainObject(v))
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, norm(v[k])]),
      );
    return v === undefined ? null : v;
  };
  return JSON.stringify(norm(value ?? null));
}

/** A short hash of a stored value (FNV-1a over its stable text): enough to tell a field moved, not a secret. */
export function valueHash(value: unknown): string {
  let hash = 0x811c9dc5;
  for (const ch of stableText(value)) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** One field a merge-write changes: the stored value (undefined: absent) → the written one. */
export interface FieldDiff {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * What a merge-write of `written` does to `stored`, leaf by leaf (maps merge key by key; lists and
 * other values are replaced): each field whose value would change. Top-level keys in `skip`
 * (timestamps) are left out; fields only `stored` has stay, so they are not listed.
 */
export function mergeDiff(stored: Doc | null, written: Doc, skip: ReadonlySet<string> = new Set(), prefix = ''): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  for (const key of Object.keys(written).sort()) {
    if (!prefix && skip.has(key)) continue;
    const field = prefix ? `${prefix}.${key}` : key;
    const to = written[key];
    const from = stored?.[key];
    if (to === undefined) continue;
    if (isPlainObject(to) && isPlainObject(from) && !isTimestamp(to)) diffs.push(...mergeDiff(from, to, new Set(), field));
    else if (from === undefined || stableText(from) !== stableText(to)) diffs.push({ field, from, to });
  }
  return diffs;
}

/** The hash of each top-level field of a stored document: what a preview saw, sent to pin it. */
export function fieldHashes(stored: Doc | null): Record<string, string> {
  return Object.fromEntries(Object.keys(stored ?? {}).map((key) => [key, valueHash(stored![key])]));
}

/** The top-level fields whose value differs between what was seen (`seen`, by hash) and `now`, sorted. */
export function movedFieldsSince(seen: Record<string, string>, now: Doc | null): string[] {
  const keys = new Set([...Object.keys(seen), ...Object.keys(now ?? {})]);
  return [...keys].filter((key) => seen[key] !== (now && key in now ? valueHash(now[key]) : undefined)).sort();
}
