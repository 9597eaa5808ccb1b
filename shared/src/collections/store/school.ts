import { defineCollection } from '../define.js';

export const school = defineCollection({
  id: 'school',
  title: 'Escolas',
  group: 'content',
  labelField: 'title',
  fields: [
    { name: 'title', title: 'Título', type: 'text' },
    { name: 'slug', title: 'Slug', type: 'text' },
    { name: 'order', title: 'Ordem', type: 'number' },
  ],
});
