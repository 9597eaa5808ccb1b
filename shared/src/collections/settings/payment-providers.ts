import { options } from '../../fields/builders.js';
import type { SelectField } from '../../fields/types.js';

export const PAYMENT_PROVIDERS = ['mercadopago', 'belluno', 'asaas', 'pagaleve', 'custom', 'free'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];
export const PAYMENT_PROVIDER_LABELS: Record<PaymentProvider, string> = {
  mercadopago: 'Mercado Pago',
  belluno: 'Belluno',
  asaas: 'Asaas',
  pagaleve: 'Pagaleve',
  custom: 'Personalizado',
  free: 'Gratuito',
};

export const PAYMENT_METHODS = ['custom', 'free', 'boletoFaturado', 'creditCardLink', 'creditCard', 'boleto', 'pix', 'pixParcelado'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  custom: 'Personalizado',
  free: 'Gratuito',
  boletoFaturado: 'Boleto faturado',
  creditCardLink: 'Link de cartão de crédito',
  creditCard: 'Cartão de crédito',
  boleto: 'Boleto',
  pix: 'Pix',
  pixParcelado: 'Pix parcelado',
};

/**
 * Providers each method may use. The spec fixes creditCardLink (belluno or asaas) and pix
 * (mercadopago or asaas); the others follow what each provider offers: card and boleto from the
 * three gateways, invoiced boleto from asaas or by hand, installment pix from pagaleve.
 */
export const PAYMENT_METHOD_PROVIDERS: Record<PaymentMethod, readonly PaymentProvider[]> = {
  custom: ['custom'],
  free: ['free'],
  boletoFaturado: ['asaas', 'custom'],
  creditCardLink: ['belluno', 'asaas'],
  creditCard: ['mercadopago', 'belluno', 'asaas'],
  boleto: ['mercadopago', 'belluno', 'asaas'],
  pix: ['mercadopago', 'asaas'],
  pixParcelado: ['pagaleve'],
};

/** Card gateways that can stand in for one another. */
export const PAYMENT_GATEWAYS = ['mercadopago', 'belluno', 'asaas'] as const satisfies readonly PaymentProvider[];

/** The gateway used when this one fails. */
export const providerBackupField: SelectField = {
  name: 'providerBackup',
  title: 'Provedor reserva',
  type: 'select',
  options: options(PAYMENT_GATEWAYS, PAYMENT_PROVIDER_LABELS),
};
