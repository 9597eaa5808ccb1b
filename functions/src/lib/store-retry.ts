import pRetry from 'p-retry';

/** gRPC codes of store errors that go away by themselves: DEADLINE_EXCEEDED, RESOURCE_EXHAUSTED, ABORTED (lock timeout), UNAVAILABLE. */
const TRANSIENT_STORE_CODES = new Set([4, 8, 10, 14]);
export function isTransientStoreError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return (
    (typeof code === 'number' && TRANSIENT_STORE_CODES.has(code)) ||
    /\b(ABORTED|UNAVAILABLE|DEADLINE_EXCEEDED|lock timeout)\b/i.test(String((error as Error)?.message ?? ''))
  );
}

/**
 * A store write retried with backoff while the store's error is transient (p-retry). Also what a
 * retried trigger would do: the Functions emulator does not redeliver a failed event (production's
 * `retry: true` does), so a write that contention aborted must not end the invocation locally.
 */
export function withStoreRetry<T>(write: () => Promise<T>): Promise<T> {
  return pRetry(write, { retries: 6, minTimeout: 200, maxTimeout: 5000, factor: 2, randomize: true, shouldRetry: (error) => isTransientStoreError(error) });
}
