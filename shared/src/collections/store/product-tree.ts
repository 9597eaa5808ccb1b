import type { FieldDefinition } from '../../fields/types.js';
import { defineCollection } from '../define.js';
import { skuLinesField } from './sku-fields.js';

const option = (extra: FieldDefinition[] = []): FieldDefinition[] => [
  { name: 'sku', title: 'SKU', type: 'text' },
  { name: 'name', title: 'Nome', type: 'text' },
  ...extra,
];

/** A product chooser tree, three levels of options deep (shared by product-tree and product-tree2). */
export const productTreeFields: FieldDefinition[] = [
  { name: 'id', title: 'ID', type: 'text' },
  { name: 'name', title: 'Nome', type: 'text' },
  {
    name: 'options',
    title: 'Opções',
    type: 'array_struct',
    fields: option([
      {
        name: 'options',
        title: 'Opções',
        type: 'array_struct',
        fields: option([{ name: 'options', title: 'Opções', type: 'array_struct', fields: option() }]),
      },
    ]),
  },
  skuLinesField('products', 'Produtos'),
];

export const productTree = defineCollection({
  id: 'product-tree',
  title: 'Árvores de produtos',
  group: 'catalog',
  userDefinedId: true,
  labelField: 'name',
  fields: productTreeFields,
});
