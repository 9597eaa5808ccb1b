/**
 * Changes between two JSON values as (path, before, after) triples: what an edit did, what undo
 * takes back, what a merge carries over. Objects are compared key by key and arrays of one length
 * index by index; an array whose length changed is one change at the array (its elements shifted).
 * `undefined` stands for "absent" (a key that is not there).
 */
export type JsonPath = readonly (string | number)[];

export interface JsonChange {
  readonly path: JsonPath;
  readonly before: unknown;
  readonly after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Structural equality of JSON values: key order does not matter; a key holding undefined is absent. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!jsonEqual(a[key], b[key])) return false;
    return true;
  }
  return false;
}

/** The changes that turn `a` into `b`, deepest first where they can be told apart. */
export function diffJson(a: unknown, b: unknown, path: JsonPath = []): JsonChange[] {
  if (a === b) return [];
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    return [...keys].flatMap((key) => diffJson(a[key], b[key], [...path, key]));
  }
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    return a.flatMap((v, i) => diffJson(v, b[i], [...path, i]));
  }
  return jsonEqual(a, b) ? [] : [{ path, before: a, after: b }];
}

/** The value at `path`, or undefined when the path does not lead anywhere. */
export function jsonValueAt(doc: unknown, path: JsonPath): unknown {
  let current = doc;
  for (const part of path) {
    if (Array.isArray(current) && typeof part === 'number') current = current[part];
    else if (isRecord(current) && typeof part === 'string') current = current[part];
    else return undefined;
  }
  return current;
}

/** `doc` with `value` at `path` (undefined removes a key), or null when the parent is not there. */
export function jsonSetAt(doc: unknown, path: JsonPath, value: unknown): { value: unknown } | null {
  if (path.length === 0) return { value };
  const [head, ...rest] = path;
  if (Array.isArray(doc) && typeof head === 'number' && head >= 0 && head < doc.length) {
    const inner = jsonSetAt(doc[head], rest, value);
    if (!inner) return null;
    if (inner.value === undefined) return null;
    const copy = doc.slice();
    copy[head] = inner.value;
    return { value: copy };
  }
  if (isRecord(doc) && typeof head === 'string') {
    if (rest.length > 0 && !(head in doc)) return null;
    const inner = jsonSetAt(doc[head], rest, value);
    if (!inner) return null;
    const copy: Record<string, unknown> = { ...doc };
    if (inner.value === undefined) delete copy[head];
    else copy[head] = inner.value;
    return { value: copy };
  }
  return null;
}

export const inverseJsonChanges = (changes: readonly JsonChange[]): JsonChange[] =>
  changes.map((c) => ({ path: c.path, before: c.after, after: c.before })).reverse();

export interface AppliedChanges<T> {
  value: T;
  /** The changes made (or already there). */
  applied: JsonChange[];
  /** The changes whose place holds neither their before nor their after: changed by someone else. */
  refused: JsonChange[];
}

/**
 * Applies each change where its place still holds its `before` (a place that already holds its
 * `after` counts as applied); a place changed to something else is left as it is and the change
 * is refused. So an undo or a merge never overwrites what someone else changed since.
 */
export function applyJsonChanges<T>(doc: T, changes: readonly JsonChange[]): AppliedChanges<T> {
  let value: unknown = doc;
  const applied: JsonChange[] = [];
  const refused: JsonChange[] = [];
  for (const change of changes) {
    const now = jsonValueAt(value, change.path);
    if (jsonEqual(now, change.after)) {
      applied.push(change);
      continue;
    }
    const set = jsonEqual(now, change.before) ? jsonSetAt(value, change.path, change.after) : null;
    if (set) {
      value = set.value;
      applied.push(change);
    } else refused.push(change);
  }
  return { value: value as T, applied, refused };
}

/**
 * Three-way merge: this editor's changes since `base` carried onto `theirs` (the stored value,
 * someone else's save in it). A change of a place that they changed too, to something else, is a
 * true conflict: their value stays and the change is listed in `conflicts`, never applied silently.
 */
export function mergeJson<T>(base: T, mine: T, theirs: T): { value: T; conflicts: JsonChange[] } {
  const { value, refused } = applyJsonChanges(theirs, diffJson(base, mine));
  return { value, conflicts: refused };
}
