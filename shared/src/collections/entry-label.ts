import type { CollectionDefinition } from './define.js';

/** A record's label in lists and titles: the label field when it holds text, else the id. */
export function entryLabel(definition: CollectionDefinition, id: string, data: Record<string, unknown>): string {
  if (!definition.labelField) return id;
  const value = data[definition.labelField];
  if (typeof value === 'string' && value.trim()) return value;
  if (typeof value === 'number') return String(value);
  return id;
}
