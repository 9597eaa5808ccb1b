import { options } from '../../fields/builders.js';
import { defineCollection } from '../define.js';

export const CUSTOMER_CREDIT_REFERENCE_TYPES = ['order'] as const;
export const CUSTOMER_CREDIT_ORIGINS = ['order-rma-in', 'order-cashback-in', 'order-out', 'transfer-out'] as const;
const CUSTOMER_CREDIT_ORIGIN_LABELS: Record<string, string> = {
  'order-rma-in': 'Devolução de pedido (entrada)',
  'order-cashback-in': 'Cashback de pedido (entrada)',
  'order-out': 'Uso em pedido (saída)',
  'transfer-out': 'Transferência (saída)',
};
export const CUSTOMER_CREDIT_STATUSES = ['pending', 'active', 'cancelled'] as const;
const CUSTOMER_CREDIT_STATUS_LABELS: Record<string, string> = {
  pending: 'Pendente',
  active: 'Ativo',
  cancelled: 'Cancelado',
};

export const customerCredit = defineCollection({
  id: 'customer-credit',
  title: 'Créditos de clientes',
  group: 'customer',
  labelField: 'description',
  fields: [
    // Typed, not picked: a nested select would load the customer base into the browser.
    { name: 'customerId', title: 'Cliente (ID)', type: 'text' },
    {
      name: 'referenceType',
      title: 'Tipo de referência',
      type: 'select',
      options: options(CUSTOMER_CREDIT_REFERENCE_TYPES, { order: 'Pedido' }),
    },
    { name: 'referenceId', title: 'Referência', type: 'text' },
    {
      name: 'origin',
      title: 'Origem',
      type: 'select',
      options: options(CUSTOMER_CREDIT_ORIGINS, CUSTOMER_CREDIT_ORIGIN_LABELS),
    },
    { name: 'description', title: 'Descrição', type: 'text' },
    { name: 'total', title: 'Valor', type: 'number' },
    { name: 'createdAt', title: 'Criado em', type: 'datetime' },
    {
      name: 'status',
      title: 'Status',
      type: 'select',
      options: options(CUSTOMER_CREDIT_STATUSES, CUSTOMER_CREDIT_STATUS_LABELS),
    },
    {
      name: 'Options',
      title: 'Opções',
      type: 'struct',
      fields: [
        { name: 'startAt', title: 'Válido a partir de', type: 'datetime' },
        { name: 'endAt', title: 'Válido até', type: 'datetime' },
        { name: 'canTransfer', title: 'Pode transferir', type: 'checkbox' },
      ],
    },
  ],
});
