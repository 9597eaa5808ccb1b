// The contract checks (sandboxes/README.md, 'Contracts'): each vendor's pinned contract, and the
// requests our clients send and the answers the sandboxes give checked against it. Tests and
// scripts/contract-report.mjs import this; the sandboxes' own bundle does not (built-ins only).
export { CONTRACT_VENDORS, ContractError, contractFile, contractFromDocument, loadContract } from './load.js';
export type { Contract, ContractOperation, ContractVendor } from './load.js';
export { checkRequest, checkResponse } from './check.js';
export type { ContractRequest, ContractResponse, ContractViolation } from './check.js';
export { SANDBOX_CONTRACTS, checkExchange, exchangeRequest, notChecked } from './sandboxes.js';
export type { SandboxContract } from './sandboxes.js';
export type { Exchange } from '../exchanges.js';
