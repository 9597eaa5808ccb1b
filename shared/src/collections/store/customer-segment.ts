import type { ArrayField } from '../../fields/types.js';
import { defineCollection } from '../define.js';

const conditionList = (name: string, title: string): ArrayField => ({
  name,
  title,
  type: 'array_field',
  of: { name: 'condition', title: 'Condição', type: 'condition', attributes: 'customer' },
});

export const customerSegment = defineCollection({
  id: 'customer-segment',
  title: 'Segmentos de clientes',
  group: 'campaign',
  labelField: 'name',
  fields: [
    { name: 'name', title: 'Nome', type: 'text' },
    { name: 'parent', title: 'Segmento pai', type: 'select_nested', collection: 'customer-segment' },
    { name: 'emails', title: 'E-mails', type: 'array_textarea', description: 'Um e-mail por linha' },
    {
      name: 'rules',
      title: 'Regras',
      type: 'array_struct',
      fields: [conditionList('rulesIn', 'Incluir'), conditionList('rulesInOnly', 'Incluir somente'), conditionList('rulesNotIn', 'Excluir')],
    },
  ],
});
