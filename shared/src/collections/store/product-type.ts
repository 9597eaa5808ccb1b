import { options } from '../../fields/builders.js';
import { defineCollection } from '../define.js';

export const PRODUCT_TYPE_FILTER_TYPES = ['checkbox', 'text', 'number'] as const;
const PRODUCT_TYPE_FILTER_TYPE_LABELS: Record<string, string> = {
  checkbox: 'Caixa de seleção',
  text: 'Texto',
  number: 'Número',
};

export const productType = defineCollection({
  id: 'product-type',
  title: 'Tipos de produto',
  group: 'catalog',
  userDefinedId: true,
  labelField: 'name',
  // The facet set of a product type is the same in every store: the super-project copies it.
  replicable: true,
  fields: [
    { name: 'id', title: 'ID', type: 'text' },
    { name: 'name', title: 'Nome', type: 'text' },
    {
      name: 'filters',
      title: 'Filtros',
      type: 'array_struct',
      fields: [
        { name: 'name', title: 'Nome', type: 'text' },
        { name: 'description', title: 'Descrição', type: 'text' },
        {
          name: 'type',
          title: 'Tipo',
          type: 'select',
          options: options(PRODUCT_TYPE_FILTER_TYPES, PRODUCT_TYPE_FILTER_TYPE_LABELS),
        },
        { name: 'isArray', title: 'Aceita vários valores', type: 'checkbox' },
        { name: 'range', title: 'Faixa de valores', type: 'checkbox' },
        { name: 'options', title: 'Opções', type: 'array_textarea', description: 'Uma opção por linha' },
      ],
    },
  ],
});
