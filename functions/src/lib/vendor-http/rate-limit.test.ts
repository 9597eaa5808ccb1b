import { describe, expect, it } from 'vitest';
import { answerFromStatus } from './provider-answer.js';
import { resetsWindow } from './rate-limit.js';

describe("whether a 429 restarts the provider's window", () => {
  const answer = (headers: Record<string, string>) =>
    answerFromStatus(
      429,
      headers,
      {},
      () => null,
      () => 'HTTP 429',
      1_000_000,
    );

  it("SendGrid's X-RateLimit-Reset does: the window starts again at the reset", () => {
    expect(resetsWindow({ 'x-ratelimit-reset': '1001' })).toBe(true);
    expect(answer({ 'x-ratelimit-reset': '1001' })).toMatchObject({ kind: 'not-taken', retryAtMs: 1_001_000, windowReset: true });
  });

  it("a Retry-After (Meta's Graph API, proxies) does not: the calls of the second before still count", () => {
    expect(resetsWindow({ 'retry-after': '1' })).toBe(false);
    expect(answer({ 'retry-after': '1' })).toMatchObject({ kind: 'not-taken', retryAtMs: 1_001_000, windowReset: false });
    expect(answer({ 'retry-after': 'Thu, 01 Jan 1970 00:16:41 GMT' })).toMatchObject({ windowReset: false });
  });

  it('no time at all: held a second, as a reset', () => {
    expect(answer({})).toMatchObject({ retryAtMs: 1_001_000, windowReset: true });
  });
});
