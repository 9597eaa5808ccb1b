import type { FieldDefinition } from '@console/shared';

/** Key of the field's value in the stored document (`mapTo` wins, as in the shared zod schema). */
export function fieldKey(field: FieldDefinition): string {
  return field.mapTo ?? field.name;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}
