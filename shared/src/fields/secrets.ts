import { isPlainObject } from '../values/index.js';
import type { FieldDefinition } from './types.js';

/** The collection beside config/ where each settings document's secrets' last changes are kept. */
export const SECRET_CHANGE_COLLECTION = 'config-secret-change';

/**
 * The secret text fields (`secret: true`) holding a value in `data`, by dotted path: struct keys
 * and list indexes ('accounts.0.apiKey'), as the form shows them.
 */
export function secretValues(fields: readonly FieldDefinition[], data: unknown, prefix = ''): Map<string, unknown> {
  const found = new Map<string, unknown>();
  if (!isPlainObject(data)) return found;
  for (const field of fields) {
    const key = field.mapTo ?? field.name;
    const value = data[key];
    const path = `${prefix}${key}`;
    if (field.type === 'text' && field.secret) {
      if (value !== undefined && value !== null && value !== '') found.set(path, value);
    } else if (field.type === 'struct') {
      for (const [p, v] of secretValues(field.fields, value, `${path}.`)) found.set(p, v);
    } else if (field.type === 'array_struct' && Array.isArray(value)) {
      value.forEach((item, index) => {
        for (const [p, v] of secretValues(field.fields, item, `${path}.${index}.`)) found.set(p, v);
      });
    }
  }
  return found;
}

/** The paths of the secrets a write set, changed or removed (sorted). */
export function changedSecrets(fields: readonly FieldDefinition[], before: unknown, after: unknown): string[] {
  const was = secretValues(fields, before);
  const is = secretValues(fields, after);
  const paths = new Set([...was.keys(), ...is.keys()]);
  return [...paths].filter((path) => was.get(path) !== is.get(path)).sort();
}
