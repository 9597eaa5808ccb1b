import { options } from '../../fields/builders.js';
import { defineSettings } from '../define.js';

export const ERP_PROVIDERS = ['bling'] as const;

export const erpSettings = defineSettings({
  id: 'erp',
  title: 'ERP',
  fields: [{ name: 'provider', title: 'Provedor', type: 'select', options: options(ERP_PROVIDERS, { bling: 'Bling' }) }],
});
