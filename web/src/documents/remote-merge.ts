/**
 * Realtime merge of the document form (spec document 1 §4 'Document form autosave', the brief's
 * 'Realtime merge'): another user's change updates the fields this user has not touched; a field
 * edited here and changed there becomes a conflict the user settles. Framework-free.
 */
export type DocumentData = Readonly<Record<string, unknown>>;

/** Someone else's value for a field edited here, waiting for 'Usar o valor remoto' / 'Manter o meu'. */
export interface FieldConflict {
  remote: unknown;
}

export interface MergeState {
  /** The document as last confirmed by Firestore. */
  remote: DocumentData;
  /** What the form shows: `remote` plus the local edits. */
  values: DocumentData;
  /** Top-level keys edited here and not yet saved. */
  edited: readonly string[];
  /** Values this user wrote per key, not yet seen back: their echo is not someone else's change. */
  written: Readonly<Record<string, readonly unknown[]>>;
  conflicts: Readonly<Record<string, FieldConflict>>;
}

const hasIsEqual = (value: object): value is { isEqual(other: unknown): boolean } => typeof (value as { isEqual?: unknown }).isEqual === 'function';

/**
 * Deep equality of stored values. A missing value and null are the same ("no value"); SDK objects
 * (Timestamp, GeoPoint, references) compare with their own isEqual.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === undefined || a === null || b === undefined || b === null) return (a ?? null) === (b ?? null);
  if (typeof a !== 'object' || typeof b !== 'object') return false;
  if (hasIsEqual(a)) return Object.getPrototypeOf(a) === Object.getPrototypeOf(b) && a.isEqual(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) if (!sameValue(left[key], right[key])) return false;
  return true;
}

function withKey(data: DocumentData, key: string, value: unknown): Record<string, unknown> {
  const next = { ...data };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/**
 * Applies a confirmed snapshot. Untouched keys take the incoming value; an edited key keeps the
 * local value and becomes a conflict only when its stored value changed to something that is
 * neither the local value nor one this user wrote.
 */
export function mergeRemote<S extends MergeState>(state: S, incoming: DocumentData): S {
  const edited = new Set(state.edited);
  let values: Record<string, unknown> = { ...incoming };
  const conflicts: Record<string, FieldConflict> = {};
  const written: Record<string, readonly unknown[]> = {};

  for (const key of edited) {
    const local = state.values[key];
    values = withKey(values, key, local);
    const before = state.remote[key];
    const after = incoming[key];
    const ours = state.written[key] ?? [];
    if (sameValue(after, local)) continue;
    if (sameValue(after, before) || ours.some((value) => sameValue(after, value))) {
      const open = state.conflicts[key];
      if (open) conflicts[key] = open;
    } else {
      conflicts[key] = { remote: after };
    }
  }

  // A written value seen back (the latest one) needs no more remembering.
  for (const [key, values] of Object.entries(state.written)) {
    if (!sameValue(incoming[key], values.at(-1))) written[key] = values;
  }

  return { ...state, remote: incoming, values, conflicts, written };
}

/** The user's answer to a conflict: take the stored value (the edit is dropped) or keep the edit. */
export function resolveConflict<S extends MergeState>(state: S, key: string, keep: 'remote' | 'mine'): S {
  const open = state.conflicts[key];
  if (!open) return state;
  const conflicts = { ...state.conflicts };
  delete conflicts[key];
  if (keep === 'mine') return { ...state, conflicts };
  // The conflict's value is the newest known (a save may have found it before the listener did).
  return {
    ...state,
    conflicts,
    remote: withKey(state.remote, key, open.remote),
    values: withKey(state.values, key, open.remote),
    edited: state.edited.filter((k) => k !== key),
  };
}
