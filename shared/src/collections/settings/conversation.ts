import { defineSettings } from '../define.js';

export const conversationSettings = defineSettings({
  id: 'conversation',
  title: 'Conversas',
  fields: [
    {
      name: 'tags',
      title: 'Etiquetas',
      type: 'array_struct',
      fields: [
        { name: 'title', title: 'Título', type: 'text' },
        { name: 'color', title: 'Cor', type: 'text', placeholder: '#000000' },
      ],
    },
  ],
});
