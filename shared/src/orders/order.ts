import { z } from 'zod';

/**
 * Orders: the spec's seeds define none, so a minimal entity of our own, read by the customer's
 * orders screen (/console/orders?customerId=): project/{p}/order/{id}, written by the storefront
 * (the seed locally), read-only to the console.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export const ORDER_STATUS_LABELS: Record<(typeof ORDER_STATUSES)[number], string> = {
  pending: 'Aguardando pagamento',
  paid: 'Pago',
  shipped: 'Enviado',
  delivered: 'Entregue',
  cancelled: 'Cancelado',
};

export const orderItemSchema = z.object({ sku: z.string(), name: z.string().default(''), qty: z.number(), price: z.number() });
export const orderSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  customerEmail: z.string().nullish(),
  status: z.enum(ORDER_STATUSES),
  /** Order total in BRL. */
  total: z.number(),
  items: z.array(orderItemSchema),
  createdAt: z.date(),
});
export type Order = z.infer<typeof orderSchema>;
export const ORDER_COLLECTION = 'order';
