import { defineSettings } from '../define.js';
import { stocksField } from './stock-list.js';

export const frenetSettings = defineSettings({
  id: 'frenet',
  title: 'Frenet',
  fields: [
    { name: 'endpoint', title: 'Endpoint', type: 'text' },
    {
      name: 'accounts',
      title: 'Contas',
      type: 'array_struct',
      fields: [{ name: 'description', title: 'Descrição', type: 'text' }, { name: 'apiKey', title: 'API key', type: 'text' }, stocksField()],
    },
  ],
});
