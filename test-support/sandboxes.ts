// Test support (imported by *.test.ts only): the upstream sandboxes started in-process on free
// ports, and the fault checks every client must pass against its sandbox.
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { startSandboxes, type FaultSpec, type StartedSandboxes, type SandboxName } from '../sandboxes/src/index.js';
import { loadTramontinaCredentials } from '../sandboxes/src/respond.js';
import { UpstreamError } from '../functions/src/lib/vendor-http.js';

export { loadTramontinaCredentials };

/** Short waits so the fault checks run in a few seconds. */
export const FAST = { timeoutMs: 1500, retries: 1, backoffMs: 5 } as const;

/** Starts every sandbox once for the file; faults and request logs are cleared before each test. */
export function useSandboxes(): () => StartedSandboxes {
  let sandboxes: StartedSandboxes | undefined;
  beforeAll(async () => {
    sandboxes = await startSandboxes();
  });
  afterAll(async () => {
    await sandboxes?.stop();
  });
  beforeEach(() => {
    for (const control of Object.values(sandboxes!.controls)) {
      control.clearFaults();
      control.clearRequests();
    }
  });
  return () => sandboxes!;
}

export async function upstreamFailure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

export interface FaultChecks {
  sandboxes: () => StartedSandboxes;
  sandbox: SandboxName;
  /** The upstream's name as messages show it. */
  upstream: string;
  /** Path prefix of the call under test (faults are limited to it). */
  path: string;
  /** The client call, with FAST options (or `timeoutMs` when given). */
  call: (options: { timeoutMs: number; retries: number; backoffMs: number }) => Promise<unknown>;
  /** Message of a malformed answer; default '<upstream>: resposta inválida (JSON malformado)'. */
  malformed?: RegExp | string;
  /** false for a vendor whose 429 carries no Retry-After (Bunny): the client backs off on its own. */
  retryAfter?: boolean;
}

/** The faults every client turns into a clear error naming its upstream (or survives by retrying). */
export function itHandlesFaults({ sandboxes, sandbox, upstream, path, call, malformed, retryAfter = true }: FaultChecks): void {
  const set = (fault: FaultSpec) => sandboxes().controls[sandbox].setFaults([{ path, ...fault }]);
  const calls = () =>
    sandboxes()
      .controls[sandbox].requests()
      .filter((r) => r.path.startsWith(path));

  it('retries a passing 503, then succeeds', async () => {
    set({ status: 503, times: 1 });
    await call(FAST);
    expect(calls().map((r) => r.status)).toEqual([503, 200]);
  });

  it('reports a lasting 5xx after the retries', async () => {
    set({ status: 500 });
    const error = await upstreamFailure(call(FAST));
    expect(error.message).toBe(`${upstream}: erro no servidor (HTTP 500)`);
    expect([error.status, error.upstreamStatus, error.attempts]).toEqual([502, 500, 2]);
  });

  if (retryAfter)
    it('waits Retry-After on 429, then succeeds', async () => {
      set({ tooManyRequests: { retryAfterSeconds: 0.2 }, times: 1 });
      await call(FAST);
      const [first, second] = calls();
      expect(first!.status).toBe(429);
      expect(Date.parse(second!.time) - Date.parse(first!.time)).toBeGreaterThanOrEqual(180);
    });
  else
    it('backs off on a 429 that names no Retry-After, then succeeds', async () => {
      set({ tooManyRequests: { retryAfterSeconds: 0.2 }, times: 1 });
      await call(FAST);
      expect(calls().map((r) => r.status)).toEqual([429, 200]);
      expect(sandboxes().controls[sandbox].exchanges()[0]!.responseHeaders['retry-after']).toBeUndefined();
    });

  it('reports a malformed answer', async () => {
    set({ malformed: true });
    const error = await upstreamFailure(call(FAST));
    if (malformed instanceof RegExp) expect(error.message).toMatch(malformed);
    else expect(error.message).toBe(malformed ?? `${upstream}: resposta inválida (JSON malformado)`);
    expect(error.status).toBe(502);
  });

  it('times out a hanging upstream (504)', async () => {
    set({ hang: true });
    const error = await upstreamFailure(call({ ...FAST, timeoutMs: 300, retries: 0 }));
    expect(error.message).toBe(`${upstream}: tempo esgotado após 0,3 s`);
    expect(error.status).toBe(504);
  });

  it('answers within the timeout despite latency', async () => {
    set({ latencyMs: 150 });
    await call(FAST);
    expect(calls().at(-1)!.fault).toContain('latency=150');
  });

  it('fails by error rate (seeded) like any 5xx', async () => {
    set({ errorRate: 1, seed: 7 });
    const error = await upstreamFailure(call(FAST));
    expect(error.message).toBe(`${upstream}: erro no servidor (HTTP 500)`);
  });
}
