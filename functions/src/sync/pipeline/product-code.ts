import { z } from 'zod';
import { ApiError } from '../../lib/api-error.js';

/**
 * A product code (SKU) as it appears in paths and queries: it becomes a Firestore document id and
 * a warehouse key, so only letters, digits, '.', '_' and '-' (no '/', no '..').
 */
export const productCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'código de produto inválido')
  .refine((code) => !code.includes('..'), 'código de produto inválido');

/** The product code of a path segment, or 400. */
export function requireProductCode(value: string | undefined): string {
  const parsed = productCodeSchema.safeParse(value ?? '');
  if (!parsed.success) throw new ApiError(400, 'Requisição inválida: código de produto inválido.');
  return parsed.data;
}
