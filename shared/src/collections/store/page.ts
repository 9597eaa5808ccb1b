import { defineCollection } from '../define.js';

export const page = defineCollection({
  id: 'page',
  title: 'Páginas',
  group: 'content',
  labelField: 'title',
  // Institutional pages are the same in every store: the super-project copies them.
  replicable: true,
  fields: [
    { name: 'title', title: 'Título', type: 'text' },
    { name: 'slug', title: 'Slug', type: 'text' },
    { name: 'group', title: 'Grupo', type: 'text' },
    { name: 'description', title: 'Descrição', type: 'textarea' },
    { name: 'content', title: 'Conteúdo', type: 'editor-layout' },
    { name: 'visible', title: 'Visível', type: 'checkbox' },
    { name: 'order', title: 'Ordem', type: 'number' },
  ],
});
