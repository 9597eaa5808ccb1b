import { defineCollection } from '../define.js';

export const searchRedirect = defineCollection({
  id: 'search-redirect',
  title: 'Redirecionamentos de busca',
  group: 'campaign',
  labelField: 'byQuery',
  // Search vocabulary is the same in every store: the super-project copies it.
  replicable: true,
  fields: [
    { name: 'byQuery', title: 'Buscar por', type: 'text' },
    {
      name: 'queryAlternatives',
      title: 'Buscas alternativas',
      type: 'array_struct',
      fields: [{ name: 'query', title: 'Busca', type: 'text' }],
    },
  ],
});
