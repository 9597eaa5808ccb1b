import { defineSettings } from '../define.js';
import { installmentField } from './installment.js';
import { providerBackupField } from './payment-providers.js';

export const mercadopagoSettings = defineSettings({
  id: 'mercadopago',
  title: 'Mercado Pago',
  fields: [
    { name: 'publicKey', title: 'Chave pública', type: 'text' },
    { name: 'accessToken', title: 'Token de acesso', type: 'text', secret: true },
    { name: 'clientId', title: 'ID do cliente', type: 'text' },
    { name: 'clientSecret', title: 'Segredo do cliente', type: 'text', secret: true },
    { name: 'endpoint', title: 'Endereço da API', type: 'text' },
    providerBackupField,
    installmentField,
  ],
});
