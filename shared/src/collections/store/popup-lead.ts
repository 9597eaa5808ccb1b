import { FIELD_COMPONENTS } from '../components.js';
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
        // The page's query parameters as an object.
        { name: 'params', title: 'Parâmetros', type: 'component', component: FIELD_COMPONENTS.json },
      ],
    },
    { name: 'label', title: 'Rótulo', type: 'text' },
    { name: 'createdAt', title: 'Criado em', type: 'datetime' },
  ],
});
