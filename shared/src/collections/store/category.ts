import { defineCollection } from '../define.js';
import { skuLinesField } from './sku-fields.js';

export const category = defineCollection({
  id: 'category',
  title: 'Categorias',
  listLimit: 1000,
  orderBy: { field: 'order', direction: 'asc' },
  labelField: 'title',
  // The category tree is merchandising shared by every store: the super-project copies it.
  replicable: true,
  fields: [
    { name: 'title', title: 'Título', type: 'text' },
    { name: 'titleSeo', title: 'Título SEO', type: 'text' },
    { name: 'visible', title: 'Visível', type: 'checkbox' },
    { name: 'slug', title: 'Slug', type: 'text' },
    { name: 'image', title: 'Imagem', type: 'image' },
    { name: 'description', title: 'Descrição', type: 'textarea' },
    { name: 'filters', title: 'Filtros (JSON)', type: 'textarea', rows: 8 },
    { name: 'hideTitle', title: 'Ocultar título', type: 'checkbox' },
    { name: 'hideProducts', title: 'Ocultar produtos', type: 'checkbox' },
    skuLinesField('skuOrderBy', 'Ordem dos produtos'),
    { name: 'parent', title: 'Categoria pai', type: 'select_nested', collection: 'category' },
    { name: 'order', title: 'Ordem', type: 'number', description: 'Menor aparece primeiro' },
    { name: 'header', title: 'Cabeçalho', type: 'editor' },
  ],
});
