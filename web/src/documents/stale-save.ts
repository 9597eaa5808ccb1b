import type { SaveRequest } from './form-state';
import { sameValue, type DocumentData } from './remote-merge';

/**
 * The keys of a save that someone else changed since the copy the edits were made on: the stored
 * value is neither the base's, nor the value being saved, nor one this form wrote earlier. Those
 * keys are not written; the form shows them as conflicts. A request without a base checks nothing.
 */
export function staleKeys(request: SaveRequest, stored: DocumentData): Record<string, unknown> {
  const conflicts: Record<string, unknown> = {};
  if (!request.base) return conflicts;
  for (const key of request.keys) {
    const now = stored[key];
    if (sameValue(now, request.base[key]) || sameValue(now, request.values[key])) continue;
    if ((request.ours?.[key] ?? []).some((value) => sameValue(now, value))) continue;
    conflicts[key] = now;
  }
  return conflicts;
}
