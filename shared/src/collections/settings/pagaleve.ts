import { defineSettings } from '../define.js';

export const pagaleveSettings = defineSettings({
  id: 'pagaleve',
  title: 'Pagaleve',
  fields: [
    { name: 'username', title: 'Usuário', type: 'text' },
    { name: 'password', title: 'Senha', type: 'text', secret: true },
    // Its values are not listed in the spec, so it stays free text.
    { name: 'provider', title: 'Provedor', type: 'text' },
  ],
});
