import { defineCollection } from '../define.js';
import { productHighlightField } from './product-highlight.js';
import { skuLinesField } from './sku-fields.js';

export const productTypeGroup = defineCollection({
  id: 'product-type-group',
  title: 'Grupos de tipos de produto',
  group: 'catalog',
  userDefinedId: true,
  labelField: 'group',
  fields: [
    { name: 'id', title: 'ID', type: 'text' },
    { name: 'type', title: 'Tipo de produto', type: 'select_nested', collection: 'product-type' },
    { name: 'group', title: 'Grupo', type: 'text' },
    productHighlightField,
    { name: 'ranking', title: 'Ranking', type: 'number' },
    skuLinesField('products', 'Produtos'),
  ],
});
