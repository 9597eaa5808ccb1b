/**
 * The one HTTP layer every vendor client calls through (vendor-http/README.md): timeouts, what a
 * failure was by what the vendor did, retries with jitter, Retry-After and rate-limit resets,
 * pacing per account, and credentials kept out of errors and logs.
 */
export {
  backoffDelay,
  CAMPAIGN_CHUNK_RETRY,
  DEFAULT_RETRY,
  OPENAI_RETRY,
  PROVIDER_TIMEOUT_MS,
  retryDelayMs,
  UPSTREAM_DEFAULTS,
  type RetryPolicy,
} from './vendor-http/backoff.js';
export { callProvider } from './vendor-http/call-provider.js';
export { UpstreamError } from './vendor-http/errors.js';
export { fetchUpstream, type UpstreamCallOptions, type UpstreamInit } from './vendor-http/fetch-upstream.js';
export { accountPacer, memoryPaceStore, ProviderPacer, type PaceStore, type PacerLimits } from './vendor-http/pacer.js';
export { answerFromStatus, type ProviderAnswer } from './vendor-http/provider-answer.js';
export { parseRetryAfter } from './vendor-http/rate-limit.js';
export { basicAuth, joinUrl, redactUrl } from './vendor-http/request.js';
export { fetchOnce, NoAnswerError, postJson, TransportError, transportReason, type VendorAnswer } from './vendor-http/transport.js';
