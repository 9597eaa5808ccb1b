import { defineSettings } from '../define.js';
import { installmentField } from './installment.js';
import { providerBackupField } from './payment-providers.js';

export const mercadopagoSettings = defineSettings({
  id: 'mercadopago',
  title: 'Mercado Pago',
  fields: [
    { name: 'publicKey', title: 'Public key', type: 'text' },
    { name: 'accessToken', title: 'Access token', type: 'text' },
    { name: 'clientId', title: 'Client ID', type: 'text' },
    { name: 'clientSecret', title: 'Client secret', type: 'text' },
    { name: 'endpoint', title: 'Endpoint', type: 'text' },
    providerBackupField,
    installmentField,
  ],
});
