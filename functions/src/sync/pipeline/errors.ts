import { ApiError } from '../../lib/api-error.js';
import { WarehouseError } from '../../warehouse/warehouse.js';

/**
 * Failures of our own stores as answers that name them (the upstreams' come as UpstreamError,
 * already an ApiError): the operator sees 'Warehouse: …' or 'Firestore: …' instead of a bare 500.
 */
export function namedFailure(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  if (error instanceof WarehouseError) return new ApiError(503, `Warehouse: ${error.message}`);
  const code = (error as { code?: unknown })?.code;
  // Firestore (gRPC) errors carry a numeric code: 4 deadline, 10 aborted, 14 unavailable…
  if (typeof code === 'number' && [4, 8, 10, 14].includes(code)) {
    return new ApiError(503, 'Firestore: indisponível no momento; nada foi gravado. Tente novamente.');
  }
  return error;
}
