import type { FieldDefinition } from '@console/shared';

/** Key of the field's value in the stored document (`mapTo` wins, as in the shared zod schema). */
export function fieldKey(field: FieldDefinition): string {
  return field.mapTo ?? field.name;
}

// The one plain-map test lives in the shared package; re-exported for the engine's widgets.
export { isPlainObject } from '@console/shared';
