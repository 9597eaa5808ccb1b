import type { StructField } from '../../fields/types.js';
import { defineSettings } from '../define.js';

const login = (name: string, title: string): StructField => ({
  name,
  title,
  type: 'struct',
  fields: [
    { name: 'user', title: 'Usuário', type: 'text' },
    { name: 'password', title: 'Senha', type: 'text', secret: true },
  ],
});

export const tramontinaSettings = defineSettings({
  id: 'tramontina',
  title: 'Tramontina',
  fields: [login('tstock', 'TStock'), login('webservice', 'Web service')],
});
