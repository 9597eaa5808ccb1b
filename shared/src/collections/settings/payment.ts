import { options } from '../../fields/builders.js';
import type { StructField } from '../../fields/types.js';
import { defineSettings } from '../define.js';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHOD_PROVIDERS, PAYMENT_METHODS, PAYMENT_PROVIDER_LABELS, type PaymentMethod } from './payment-providers.js';

const METHOD_HINTS: Partial<Record<PaymentMethod, string>> = {
  creditCardLink: 'Visível no checkout apenas para administradores',
};

/** One entry per method, `{ provider }`; an empty provider leaves the method off the checkout. */
export const paymentMethodField = (method: PaymentMethod): StructField => ({
  name: method,
  title: PAYMENT_METHOD_LABELS[method],
  type: 'struct',
  ...(METHOD_HINTS[method] ? { description: METHOD_HINTS[method] } : {}),
  fields: [
    {
      name: 'provider',
      title: 'Provedor',
      type: 'select',
      options: options(PAYMENT_METHOD_PROVIDERS[method], PAYMENT_PROVIDER_LABELS),
    },
  ],
});

export const paymentSettings = defineSettings({
  id: 'payment',
  title: 'Pagamento',
  fields: PAYMENT_METHODS.map(paymentMethodField),
});
