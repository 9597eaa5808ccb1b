import { defineCollection } from '../define.js';

export const brand = defineCollection({
  id: 'brand',
  title: 'Marcas',
  group: 'catalog',
  userDefinedId: true,
  // Brands are the same in every store: the super-project copies them.
  replicable: true,
  fields: [{ name: 'id', title: 'Marca', type: 'text' }],
});
