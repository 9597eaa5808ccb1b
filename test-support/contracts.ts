// Test support: the exchanges a test caused, checked against their vendor's pinned contract
// (sandboxes/README.md, 'Contracts').
import { expect } from 'vitest';
import { checkExchange, loadContract, notChecked, type ContractVendor, type Exchange } from '../sandboxes/src/contracts/index.js';

export type { Exchange };

/**
 * Every exchange (the client's request and the sandbox's answer) conforms to the vendor's contract.
 * Control routes are left out, and answers an injected fault replaced unless `includeFaults` (to
 * check that a sandbox's error bodies are the vendor's). Fails when nothing was left to check.
 */
export async function expectExchangesConform(vendor: ContractVendor, exchanges: Exchange[], { includeFaults = false } = {}): Promise<void> {
  const contract = await loadContract(vendor);
  const checked = exchanges.filter((e) => notChecked(e, { includeFaults }) === null);
  expect(checked.length, `no exchange of ${vendor} to check (of ${exchanges.length} recorded)`).toBeGreaterThan(0);
  const problems = checked.flatMap((e) =>
    checkExchange(contract, e).map(
      (v) => `${e.method} ${e.path} → ${e.status ?? 'no answer'}: ${v.where}${v.operation ? ` (${v.operation})` : ''}: ${v.message}`,
    ),
  );
  expect(problems, `${vendor}: exchanges that do not conform to the contract`).toEqual([]);
}

/** The exchanges a sandbox of a running stack recorded (its base URL, e.g. from SANDBOX_URLS). */
export async function sandboxExchanges(sandboxUrl: string): Promise<Exchange[]> {
  const res = await fetch(`${new URL(sandboxUrl).origin}/__sandbox/exchanges`);
  if (!res.ok) throw new Error(`GET /__sandbox/exchanges: HTTP ${res.status}`);
  return ((await res.json()) as { exchanges: Exchange[] }).exchanges;
}
