import { defineSettings } from '../../define.js';
import { paymentMethodField } from '../../settings/payment.js';
import { PAYMENT_METHODS } from '../../settings/payment-providers.js';

/** Document 3's payment screen: no installment pix, as cdlbox has no Pagaleve settings. */
export const cdlboxPaymentSettings = defineSettings({
  id: 'payment',
  title: 'Pagamento',
  fields: PAYMENT_METHODS.filter((method) => method !== 'pixParcelado').map(paymentMethodField),
});
