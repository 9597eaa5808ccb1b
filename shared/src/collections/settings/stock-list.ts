import type { ArrayStructField } from '../../fields/types.js';

/** The stocks an account serves, as `[{ stock }]` (the shape bling's accounts spell out). */
export const stocksField = (name = 'stocks', title = 'Estoques'): ArrayStructField => ({
  name,
  title,
  type: 'array_struct',
  fields: [{ name: 'stock', title: 'Estoque', type: 'select_nested', collection: 'stock' }],
});
