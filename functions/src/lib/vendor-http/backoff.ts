/**
 * How long to wait before calling a vendor again, and how often. Two shapes, both with jitter so
 * that instances failing together do not come back together:
 * - full jitter (fetchUpstream: the sync upstreams, Bling, Bunny, Google's userinfo): a uniform
 *   wait in [0, min(max, base·2^attempt)];
 * - exponential ×1–2 (as p-retry's and the `openai` SDK's `randomize`): the messaging providers'
 *   calls (callProvider) and the campaign send job's chunks.
 */

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  minTimeoutMs: number;
  maxTimeoutMs: number;
}

/** The messaging providers' calls (SendGrid, WhatsApp) that the provider did not take. */
export const DEFAULT_RETRY: RetryPolicy = { retries: 4, minTimeoutMs: 500, maxTimeoutMs: 8000 };

/**
 * OpenAI, through its SDK's own transport: it retries 408/409/429/5xx and timeouts with its own
 * wait of 0.5 s doubling to 8 s with jitter, honouring Retry-After up to 60 s — DEFAULT_RETRY's
 * shape; only the number of retries is ours to give (`maxRetries`).
 */
export const OPENAI_RETRY: RetryPolicy = { retries: 2, minTimeoutMs: 500, maxTimeoutMs: 8000 };

/**
 * A campaign chunk the provider still did not take after the channel's retries: the send job waits
 * before the next one (0.5–1 s, doubling, at most 30 s; it pauses itself after a few in a row).
 * Before this layer it waited 1 s doubling, without jitter: every send job of a provider's outage
 * came back in step.
 */
export const CAMPAIGN_CHUNK_RETRY: RetryPolicy = { retries: Number.POSITIVE_INFINITY, minTimeoutMs: 500, maxTimeoutMs: 30_000 };

/** A messaging provider's send (SendGrid, WhatsApp): a try's timeout; no answer after it is 'unknown', reconciled before any resend. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** fetchUpstream's defaults: a timeout per attempt, retries, the first backoff step, the longest wait. */
export const UPSTREAM_DEFAULTS = { timeoutMs: 10_000, retries: 2, backoffMs: 300, maxDelayMs: 30_000 } as const;

/** Full jitter: a uniform wait in [0, min(max, base·2^attempt)]. */
export function backoffDelay(attempt: number, baseMs: number, maxMs: number, random = Math.random): number {
  return Math.round(random() * Math.min(maxMs, baseMs * 2 ** attempt));
}

/** The wait before retry `attempt` (1, 2, …) of a call the provider did not take: exponential, randomised ×1–2 (as p-retry's `randomize`). */
export function retryDelayMs(attempt: number, policy: RetryPolicy, random = Math.random): number {
  return Math.min(policy.maxTimeoutMs, policy.minTimeoutMs * 2 ** Math.max(0, attempt - 1) * (1 + random()));
}
