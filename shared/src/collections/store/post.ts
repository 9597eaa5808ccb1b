import { options } from '../../fields/builders.js';
import { defineCollection } from '../define.js';
import { skuItemsField } from './sku-fields.js';

/**
 * The spec does not show the shared status list; draft is the stated default status of forms,
 * published its natural counterpart.
 */
export const POST_STATUSES = ['draft', 'published'] as const;
const POST_STATUS_LABELS: Record<string, string> = { draft: 'Rascunho', published: 'Publicado' };

export const post = defineCollection({
  id: 'post',
  title: 'Posts',
  group: 'content',
  labelField: 'title',
  // Blog posts are written once and published in every store: the super-project copies them.
  replicable: true,
  fields: [
    { name: 'title', title: 'Título', type: 'text' },
    { name: 'theme', title: 'Tema', type: 'text' },
    skuItemsField('themeProducts', 'Produtos do tema'),
    { name: 'slug', title: 'Slug', type: 'text' },
    { name: 'description', title: 'Descrição', type: 'textarea' },
    { name: 'status', title: 'Status', type: 'select', options: options(POST_STATUSES, POST_STATUS_LABELS) },
    { name: 'content', title: 'Conteúdo', type: 'editor-layout' },
    { name: 'contentHtml', title: 'Conteúdo (HTML)', type: 'textarea', rows: 12 },
  ],
});
