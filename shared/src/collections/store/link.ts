import { defineCollection } from '../define.js';

export const link = defineCollection({
  id: 'link',
  title: 'Links',
  group: 'campaign',
  userDefinedId: true,
  labelField: 'url',
  // Short links are used in campaigns across stores: the super-project copies them.
  replicable: true,
  fields: [
    { name: 'id', title: 'ID', type: 'text' },
    { name: 'url', title: 'Destino', type: 'text', placeholder: 'https://', description: 'Deve incluir https' },
  ],
});
