import { defineCollection } from '../define.js';

/**
 * Content blocks: the generic documents' default collection (document 1 §3). It defines no fields,
 * so its documents are edited as rich-text `content` blocks (tool set PARAGRAPH_HEADER_CODE_IMAGE).
 */
export const block = defineCollection({
  id: 'block',
  title: 'Blocos',
  group: 'content',
  fields: [],
});
