import { defineCollection } from '../define.js';
import { skuLinesField } from './sku-fields.js';

/** Gift campaigns: products that, when bought, bring gifts along. */
export const productGift = defineCollection({
  id: 'product-gift',
  title: 'Campanhas de brindes',
  group: 'catalog',
  labelField: 'name',
  fields: [
    { name: 'name', title: 'Nome', type: 'text' },
    { name: 'description', title: 'Descrição', type: 'textarea' },
    {
      name: 'rules',
      title: 'Regras',
      type: 'array_struct',
      fields: [
        { name: 'description', title: 'Descrição', type: 'text' },
        skuLinesField('products', 'Produtos'),
        skuLinesField('gifts', 'Brindes', "Um 'SKU,quantidade' por linha"),
      ],
    },
  ],
});
