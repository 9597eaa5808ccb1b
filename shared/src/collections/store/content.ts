import { defineCollection } from '../define.js';

/** Uploads of the content editor stay private (document 3 §7). */
const CONTENT_UPLOADS = { path: 'project/{project}/content', isPublic: false } as const;

export const content = defineCollection({
  id: 'content',
  title: 'Conteúdos',
  listLimit: 1000,
  labelField: 'title',
  // Content blocks are shared by every store: the super-project copies them.
  replicable: true,
  fields: [
    { name: 'title', title: 'Título', type: 'text' },
    { name: 'slug', title: 'Slug', type: 'text' },
    { name: 'parent', title: 'Conteúdo pai', type: 'select_nested', collection: 'content' },
    { name: 'order', title: 'Ordem', type: 'number' },
    { name: 'video', title: 'Vídeo', type: 'video', ...CONTENT_UPLOADS },
    { name: 'content', title: 'Conteúdo', type: 'editor-layout', ...CONTENT_UPLOADS },
  ],
});
