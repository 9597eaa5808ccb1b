import type { ArrayStructField, ArrayTextareaField } from '../../fields/types.js';

/** A list of SKUs typed one per line. */
export const skuLinesField = (name: string, title: string, description = 'Um SKU por linha'): ArrayTextareaField => ({
  name,
  title,
  type: 'array_textarea',
  description,
});

/** A list of `{ sku }` items, the shape the spec writes as `name[ sku ]`. */
export const skuItemsField = (name: string, title: string): ArrayStructField => ({
  name,
  title,
  type: 'array_struct',
  fields: [{ name: 'sku', title: 'SKU', type: 'text' }],
});
