import { defineCollection } from '../define.js';

export const popupLead = defineCollection({
  id: 'popup-lead',
  title: 'Leads de popup',
  group: 'customer',
  labelField: 'email',
  fields: [
    { name: 'customer', title: 'Cliente', type: 'text' },
    { name: 'email', title: 'E-mail', type: 'text' },
    { name: 'phoneNumber', title: 'Telefone', type: 'text' },
    {
      name: 'location',
      title: 'Página',
      type: 'struct',
      fields: [
        { name: 'pathname', title: 'Caminho', type: 'text' },
        { name: 'params', title: 'Parâmetros', type: 'text' },
      ],
    },
    { name: 'label', title: 'Rótulo', type: 'text' },
    { name: 'createdAt', title: 'Criado em', type: 'datetime' },
  ],
});
