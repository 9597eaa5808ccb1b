import * as logs from './logs.js';
import { ApiError } from '../lib/api-error.js';
import { WhatsappApiError } from './client.js';

/** A WhatsApp failure as the console's answer: the status says whose problem it is. */
export function whatsappApiError(error: WhatsappApiError): ApiError {
  if (error.detail) logs.whatsappCallRefused(error.code, error.httpStatus, error.detail);
  const status = { auth: 412, throughput: 429, 'pair-rate': 429, transient: 502 }[error.kind as string] ?? 400;
  return new ApiError(status, error.message);
}
