import { options } from '../../fields/builders.js';
import { addressField } from '../address.js';
import { defineCollection } from '../define.js';

export const STOCK_SOURCES = ['bling', 'tramontina', 'franke', 'debacco', 'brastemp', 'Invita', 'Fischer'] as const;
const STOCK_SOURCE_LABELS: Record<string, string> = {
  bling: 'Bling',
  tramontina: 'Tramontina',
  franke: 'Franke',
  debacco: 'Debacco',
  brastemp: 'Brastemp',
};

export const STOCK_TYPES = ['b2c', 'b2b2c'] as const;
const STOCK_TYPE_LABELS: Record<string, string> = { b2c: 'B2C', b2b2c: 'B2B2C' };

export const STOCK_PRIORITIES = ['low', 'medium', 'high'] as const;
const STOCK_PRIORITY_LABELS: Record<string, string> = {
  low: 'Baixa (consumido por último)',
  medium: 'Média',
  high: 'Alta (consumido primeiro)',
};

export const stock = defineCollection({
  id: 'stock',
  title: 'Estoques',
  labelField: 'name',
  fields: [
    { name: 'name', title: 'Nome', type: 'text' },
    { name: 'source', title: 'Origem', type: 'select', options: options(STOCK_SOURCES, STOCK_SOURCE_LABELS) },
    { name: 'externalId', title: 'ID externo', type: 'text' },
    { name: 'type', title: 'Tipo', type: 'select', options: options(STOCK_TYPES, STOCK_TYPE_LABELS) },
    { name: 'stockRedirect', title: 'Redirecionar para o estoque', type: 'select_nested', collection: 'stock' },
    { name: 'isPromotionalOnly', title: 'Somente promocional', type: 'checkbox' },
    {
      name: 'priority',
      title: 'Prioridade',
      type: 'select',
      options: options(STOCK_PRIORITIES, STOCK_PRIORITY_LABELS),
    },
    { name: 'useCustomerLocationOnPriority', title: 'Usar a localização do cliente na prioridade', type: 'checkbox' },
    { name: 'taxvat', title: 'CNPJ', type: 'text' },
    addressField,
    { name: 'shippingBillingDays', title: 'Dias de faturamento', type: 'number' },
    { name: 'shippingCrossDockingDays', title: 'Dias de cross-docking', type: 'number' },
    { name: 'shippingManufactureDays', title: 'Dias de fabricação', type: 'number' },
    { name: 'shippingProductionDays', title: 'Dias de produção', type: 'number' },
  ],
});
