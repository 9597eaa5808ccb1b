import { logger } from 'firebase-functions';

/** Credentials that may appear in error texts are masked before anything is logged. */
export function obfuscate(text: string): string {
  return text.replace(/(Bearer\s+)[\w.~+/=-]+/gi, '$1***').replace(/((?:api[_-]?key|token|secret|password|senha)["'=:\s]+)[^\s"'&,]+/gi, '$1***');
}

export function logApiError(method: string, path: string, error: unknown): void {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  logger.error('api request failed', { method, path, error: obfuscate(message) });
}
