import { defineSettings } from '../define.js';
import { installmentField } from './installment.js';
import { providerBackupField } from './payment-providers.js';

export const bellunoSettings = defineSettings({
  id: 'belluno',
  title: 'Belluno',
  fields: [
    { name: 'token', title: 'Token', type: 'text', secret: true },
    { name: 'kondutoPublicToken', title: 'Token público Konduto (antifraude)', type: 'text' },
    { name: 'endpoint', title: 'Endereço da API', type: 'text' },
    providerBackupField,
    installmentField,
  ],
});
