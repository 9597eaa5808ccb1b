import { defineCollection } from '../define.js';

export const customer = defineCollection({
  id: 'customer',
  title: 'Clientes',
  group: 'customer',
  userDefinedId: true,
  filter: { field: 'email', mode: 'prefix', label: 'E-mail' },
  labelField: 'email',
  fields: [
    { name: 'id', title: 'ID', type: 'text' },
    { name: 'email', title: 'E-mail', type: 'text' },
    { name: 'firstName', title: 'Nome', type: 'text' },
    { name: 'lastName', title: 'Sobrenome', type: 'text' },
    { name: 'taxvat', title: 'CPF/CNPJ', type: 'text' },
    { name: 'phoneNumber', title: 'Telefone', type: 'text' },
  ],
});
