import { defineCollection } from '../define.js';
import { productTreeFields } from './product-tree.js';

export const productTree2 = defineCollection({
  id: 'product-tree2',
  title: 'Árvores de produtos 2',
  group: 'catalog',
  userDefinedId: true,
  labelField: 'name',
  fields: productTreeFields,
});
