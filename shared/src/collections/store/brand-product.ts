import { defineCollection } from '../define.js';
import { productOptionFlagFields } from './product-flags.js';
import { skuLinesField } from './sku-fields.js';

export const brandProduct = defineCollection({
  id: 'brand-product',
  title: 'Produtos por marca',
  group: 'catalog',
  labelField: 'name',
  // A brand's commercial terms hold in every store: the super-project copies them.
  replicable: true,
  fields: [
    { name: 'brand', title: 'Marca', type: 'select_nested', collection: 'brand' },
    { name: 'Company', title: 'Empresa', type: 'number' },
    { name: 'name', title: 'Nome', type: 'text' },
    skuLinesField('skus', 'SKUs'),
    { name: 'requiredOptions', title: 'Opções obrigatórias', type: 'struct', fields: productOptionFlagFields() },
  ],
});
