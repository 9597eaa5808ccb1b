import { defineCollection } from '../define.js';

export const conversation = defineCollection({
  id: 'conversation',
  title: 'Conversas',
  group: 'customer',
  labelField: 'customerId',
  fields: [{ name: 'customerId', title: 'Cliente (ID)', type: 'text' }],
});
