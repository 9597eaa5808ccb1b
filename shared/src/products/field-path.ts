/** Field paths of a product document as overrides name them: 'Price', 'Options.canSell'. */
import { isPlainObject } from '../values/plain-object.js';

type Doc = Record<string, unknown>;

/** The value at a field path; undefined when absent. */
export function valueAt(data: unknown, field: string): unknown {
  let value: unknown = data;
  for (const part of field.split('.')) value = isPlainObject(value) ? value[part] : undefined;
  return value;
}

/** { Options: { canSell: true } } for 'Options.canSell': a merge-write touches only that leaf. */
export function nestedPatch(field: string, value: unknown): Doc {
  return field.split('.').reduceRight<unknown>((inner, part) => ({ [part]: inner }), value) as Doc;
}
