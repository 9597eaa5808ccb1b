/**
 * Which columns of a data table the operator shows and pins, remembered in the browser
 * (localStorage) under the table's own key, so a reload keeps the choice. What was stored is read
 * back through zod: an older or hand-edited value falls back to the table's defaults.
 */
import { z } from 'zod';

export interface ColumnPreferences {
  /** Column keys shown, in the table's order. */
  visible: string[];
  /** Column keys pinned at the start (kept in view when the table scrolls sideways), in pinning order. */
  pinned: string[];
}

const storedSchema = z.object({
  version: z.literal(1),
  visible: z.array(z.string()),
  pinned: z.array(z.string()),
  /** The columns the table had when the choice was stored. */
  known: z.array(z.string()).default([]),
});

const STORAGE_PREFIX = 'console.data-table.';

export const preferencesStorageKey = (tableId: string) => `${STORAGE_PREFIX}${tableId}`;

/**
 * The stored choice, kept to the columns the table has now (a column removed since is dropped; a
 * column added since is shown when the defaults show it, so a new key column is not lost to an
 * old choice). Null when nothing usable is stored.
 */
export function parsePreferences(raw: string | null, columnKeys: readonly string[], defaults: ColumnPreferences): ColumnPreferences | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = storedSchema.safeParse(json);
  if (!parsed.success) return null;
  const stored = parsed.data;
  const decided = new Set(stored.known.concat(stored.visible, stored.pinned));
  const visible = columnKeys.filter((key) => (decided.has(key) ? stored.visible.includes(key) : defaults.visible.includes(key)));
  const pinned = stored.pinned.filter((key) => visible.includes(key));
  return { visible, pinned };
}

export function serializePreferences(preferences: ColumnPreferences, columnKeys: readonly string[]): string {
  return JSON.stringify({ version: 1, visible: preferences.visible, pinned: preferences.pinned, known: columnKeys });
}

export function readPreferences(tableId: string, columnKeys: readonly string[], defaults: ColumnPreferences): ColumnPreferences {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(preferencesStorageKey(tableId));
  } catch {
    // Storage refused (private mode): the defaults.
  }
  return parsePreferences(raw, columnKeys, defaults) ?? defaults;
}

export function writePreferences(tableId: string, preferences: ColumnPreferences, columnKeys: readonly string[]): void {
  try {
    localStorage.setItem(preferencesStorageKey(tableId), serializePreferences(preferences, columnKeys));
  } catch {
    // Private mode or storage full: the choice lasts until the page is closed.
  }
}

export function clearPreferences(tableId: string): void {
  try {
    localStorage.removeItem(preferencesStorageKey(tableId));
  } catch {
    // Nothing stored, nothing to clear.
  }
}

/** Shows or hides one column; a hidden column is unpinned too. */
export function toggleVisible(preferences: ColumnPreferences, key: string, columnKeys: readonly string[]): ColumnPreferences {
  const shown = preferences.visible.includes(key);
  const visible = columnKeys.filter((k) => (k === key ? !shown : preferences.visible.includes(k)));
  return { visible, pinned: shown ? preferences.pinned.filter((k) => k !== key) : preferences.pinned };
}

/** Pins a column at the end of the pinned ones, or unpins it; a pinned column is shown. */
export function togglePinned(preferences: ColumnPreferences, key: string, columnKeys: readonly string[]): ColumnPreferences {
  if (preferences.pinned.includes(key)) return { ...preferences, pinned: preferences.pinned.filter((k) => k !== key) };
  const visible = columnKeys.filter((k) => k === key || preferences.visible.includes(k));
  return { visible, pinned: [...preferences.pinned, key] };
}
