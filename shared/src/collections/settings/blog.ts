import { defineSettings } from '../define.js';

export const blogSettings = defineSettings({
  id: 'blog',
  title: 'Blog',
  fields: [
    { name: 'name', title: 'Nome', type: 'text' },
    { name: 'description', title: 'Descrição', type: 'textarea' },
    { name: 'slug', title: 'Slug', type: 'text' },
  ],
});
