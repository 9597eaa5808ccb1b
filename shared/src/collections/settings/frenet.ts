import { defineSettings } from '../define.js';
import { stocksField } from './stock-list.js';

export const frenetSettings = defineSettings({
  id: 'frenet',
  title: 'Frenet',
  fields: [
    { name: 'endpoint', title: 'Endereço da API', type: 'text' },
    {
      name: 'accounts',
      title: 'Contas',
      type: 'array_struct',
      fields: [{ name: 'description', title: 'Descrição', type: 'text' }, { name: 'apiKey', title: 'Chave de API', type: 'text', secret: true }, stocksField()],
    },
  ],
});
