import pRetry, { AbortError } from 'p-retry';
import type { RetryPolicy } from './backoff.js';
import { DEFAULT_RETRY, retryDelayMs } from './backoff.js';
import type { ProviderPacer } from './pacer.js';
import type { ProviderAnswer } from './provider-answer.js';

/** An answer the provider did not take, carried through p-retry. */
class NotTaken<T> extends Error {
  constructor(readonly answer: ProviderAnswer<T>) {
    super('not taken');
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * One provider call through the account's pacer, retried (p-retry) while the provider did not take
 * it. A 429 (or a throughput refusal) names when to come back: it holds the whole account until
 * then and the retry waits for that hold only — a backoff on top would leave the account idle after
 * its reset. Any other refusal to take the call (5xx, a reset before the request left) backs off
 * exponentially. Answers the last answer.
 */
export async function callProvider<T>(
  pacer: ProviderPacer,
  call: () => Promise<ProviderAnswer<T>>,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<ProviderAnswer<T>> {
  try {
    return await pRetry(
      async () => {
        // An exception of the call itself is no answer of the provider's: it is not retried.
        const answer = await pacer.schedule(call).catch((error: unknown) => {
          throw new AbortError(error instanceof Error ? error : String(error));
        });
        if (answer.kind === 'not-taken') throw new NotTaken(answer);
        return answer;
      },
      {
        retries: policy.retries,
        // The waits are ours (a hold, or retryDelayMs), in onFailedAttempt: p-retry's own are none.
        minTimeout: 0,
        maxTimeout: 0,
        onFailedAttempt: async (error) => {
          // The last attempt: answered as it is (p-retry would answer its most frequent error).
          if (error.retriesLeft === 0) throw error;
          pacer.stats.retries += 1;
          const answer = (error as unknown as NotTaken<T>).answer;
          if (answer.kind === 'not-taken' && answer.retryAtMs) pacer.hold(answer.retryAtMs, answer.windowReset === true);
          else await sleep(retryDelayMs(error.attemptNumber, policy));
        },
      },
    );
  } catch (error) {
    if (error instanceof NotTaken) return (error as NotTaken<T>).answer;
    throw error;
  }
}
