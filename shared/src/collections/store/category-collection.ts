import { defineCollection } from '../define.js';
import { productHighlightField } from './product-highlight.js';

export const categoryCollection = defineCollection({
  id: 'category-collection',
  title: 'Coleções de categorias',
  group: 'category',
  userDefinedId: true,
  filter: { field: 'id', mode: 'prefix' },
  labelField: 'name',
  fields: [
    { name: 'id', title: 'ID', type: 'text' },
    { name: 'name', title: 'Nome', type: 'text' },
    {
      name: 'lists',
      title: 'Listas',
      type: 'array_struct',
      fields: [
        { name: 'name', title: 'Nome', type: 'text' },
        { name: 'link', title: 'Link', type: 'text' },
        { name: 'productCount', title: 'Quantidade de produtos', type: 'number' },
        productHighlightField,
      ],
    },
  ],
});
