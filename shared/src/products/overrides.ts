import { isPlainObject } from '../values/plain-object.js';
import { valueAt } from './field-path.js';

/**
 * Reasoned overrides of product-data/{code} (document 1 §3, §5; issue 17 point 1). An override
 * holds until an operator removes it: the sync pipeline leaves an overridden field alone and keeps
 * the value upstream now gives beside it, so the panel can show that upstream differs.
 *
 * Where they are recorded: in product-data itself, `_overrides` keyed by field path ('Price',
 * 'Options.canSell'), written by the panel in the same merge-write as the value and its `_override`
 * mark (firestore.rules pin the key to the mark's field), so no sync can run between the value and
 * the record of it being overridden. The sync (Admin SDK) writes only `upstream` in an entry.
 */
export const OVERRIDES_KEY = '_overrides';

export interface OverrideEntry {
  about?: string;
  by?: string;
  at?: unknown;
  /**
   * The value upstream gives for the field: the synced value the override replaced, then what
   * each later sync brought. Absent when none is known (the field was never synced).
   */
  upstream?: unknown;
  /**
   * The upstream value the override was made against (or last kept with 'Manter minha
   * alteração'), recorded by the sync when upstream first moves away from it. The override is
   * stale while `upstream` differs from it (issue 29 point 4).
   */
  baseline?: unknown;
}

type Doc = Record<string, unknown>;

/**
 * The overridden fields of a product-data document. Documents written before `_overrides`
 * existed have only the last `_override` mark: its field counts as overridden (upstream unknown).
 */
export function overriddenFields(data: Doc | null | undefined): Map<string, OverrideEntry> {
  const fields = new Map<string, OverrideEntry>();
  const recorded = data?.[OVERRIDES_KEY];
  if (isPlainObject(recorded)) {
    for (const [field, entry] of Object.entries(recorded)) if (isPlainObject(entry)) fields.set(field, entry as OverrideEntry);
    return fields;
  }
  const mark = data?._override;
  if (isPlainObject(mark) && typeof mark.field === 'string' && mark.field && mark.removed !== true) fields.set(mark.field, {});
  return fields;
}

/** Deep equality of stored values (numbers, strings, booleans, null, maps, lists). */
export function sameStoredValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameStoredValue(item, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => sameStoredValue(a[key], b[key]));
  }
  return false;
}

/** What the panel shows for an overridden field: upstream's value when it differs from the override. */
export function upstreamDifference(data: Doc | null | undefined, field: string): { upstream: unknown } | null {
  const entry = overriddenFields(data).get(field);
  if (!entry || !('upstream' in entry) || entry.upstream === undefined) return null;
  return sameStoredValue(entry.upstream, valueAt(data, field) ?? null) ? null : { upstream: entry.upstream };
}

/** The `upstream` to record with a new override: the known one, else the synced value it replaces. */
export function upstreamToRecord(data: Doc | null | undefined, field: string): { upstream: unknown } | Record<string, never> {
  const entry = overriddenFields(data).get(field);
  if (entry && 'upstream' in entry && entry.upstream !== undefined) return { upstream: entry.upstream };
  if (entry) return {};
  const synced = valueAt(data, field);
  return synced === undefined ? {} : { upstream: synced };
}

/** An override whose upstream value moved after it was made: from what, to what, and when the override was made. */
export interface StaleOverride {
  field: string;
  from: unknown;
  to: unknown;
  at: unknown;
}

/** The override of `field` when it is stale ('O ERP mudou de X para Y depois da sua alteração de DD/MM'), else null. */
export function staleOverride(data: Doc | null | undefined, field: string): StaleOverride | null {
  const entry = overriddenFields(data).get(field);
  if (!entry || entry.baseline === undefined || entry.upstream === undefined) return null;
  return sameStoredValue(entry.baseline, entry.upstream) ? null : { field, from: entry.baseline, to: entry.upstream, at: entry.at };
}
