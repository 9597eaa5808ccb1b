import { defineCollection } from '../define.js';

export const postTag = defineCollection({
  id: 'post-tag',
  title: 'Tags de posts',
  group: 'content',
  filter: { field: 'postId', mode: 'equality', label: 'Post (ID)' },
  labelField: 'title',
  fields: [
    // Not in the spec's field list, but the list filters on it: without it a tag could not be tied to a post.
    { name: 'postId', title: 'Post', type: 'select_nested', collection: 'post' },
    { name: 'title', title: 'Título', type: 'text' },
  ],
});
