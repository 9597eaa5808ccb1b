import type { SelectOption } from './types.js';

/** Options from plain values: the label is the value itself unless a label map is given. */
export function options(values: readonly string[], labels: Record<string, string> = {}): SelectOption[] {
  return values.map((value) => ({ value, label: labels[value] ?? value }));
}
