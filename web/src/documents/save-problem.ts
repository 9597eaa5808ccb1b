import type { z } from 'zod';
import type { FieldDefinition } from '@console/shared';
import type { SaveRequest } from './form-state';
import { firstValidationMessage } from './validation-message';

/**
 * The first problem in what a save writes, in Portuguese, or null. `checked` is the document as
 * the save leaves it; problems of stored keys nobody edited do not block a save, unless the
 * whole document is written (a first save).
 */
export function saveProblem(
  schema: z.ZodType,
  fields: readonly FieldDefinition[],
  request: SaveRequest,
  checked: Record<string, unknown>,
  everything: boolean,
): string | null {
  const result = schema.safeParse(checked);
  if (result.success) return null;
  const issues = everything ? result.error.issues : result.error.issues.filter((i) => request.keys.includes(String(i.path[0])));
  return issues.length > 0 ? firstValidationMessage(issues, fields, checked) : null;
}
