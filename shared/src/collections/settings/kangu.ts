import { defineSettings } from '../define.js';
import { stocksField } from './stock-list.js';

export const kanguSettings = defineSettings({
  id: 'kangu',
  title: 'Kangu',
  fields: [
    { name: 'endpoint', title: 'Endereço da API', type: 'text' },
    {
      name: 'accounts',
      title: 'Contas',
      type: 'array_struct',
      fields: [{ name: 'description', title: 'Descrição', type: 'text' }, { name: 'token', title: 'Token', type: 'text', secret: true }, stocksField()],
    },
  ],
});
