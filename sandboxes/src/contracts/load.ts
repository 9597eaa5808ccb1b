import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dereference } from '@apidevtools/json-schema-ref-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Ajv, Options as AjvOptions } from 'ajv';
import ajvFormats from 'ajv-formats';
import { OpenAPIRouter, OpenAPIValidator, type Document } from 'openapi-backend';

/**
 * A vendor's pinned contract (sandboxes/contracts/<vendor>/openapi.{yaml,json}), loaded once: the
 * document dereferenced by json-schema-ref-parser (YAML or JSON, $ref to its own components or to
 * files beside it), and openapi-backend's router and ajv validators over it (OpenAPI 3.0 and 3.1).
 */

export const CONTRACT_VENDORS = [
  'bling',
  'sendgrid',
  'whatsapp',
  'openai',
  'bunny-stream',
  'google-oauth',
  'tramontina',
  'tstock',
  'franke',
  'doka',
  'sites',
] as const;
export type ContractVendor = (typeof CONTRACT_VENDORS)[number];

export interface ContractOperation {
  /** The contract's operationId, or `METHOD /path` when it has none. */
  id: string;
  method: string;
  path: string;
}

export interface Contract {
  /** The vendor, or the file's name for a contract loaded from elsewhere. */
  name: string;
  file: string;
  /** `3.0.x` or `3.1.x`. */
  openapi: string;
  operations: ContractOperation[];
  router: OpenAPIRouter;
  validator: OpenAPIValidator;
}

export class ContractError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ContractError';
  }
}

const FILE_NAMES = ['openapi.yaml', 'openapi.yml', 'openapi.json'];

/** sandboxes/contracts/, beside src/. */
function defaultContractsDir(): string {
  return process.env.SANDBOX_CONTRACTS_DIR || fileURLToPath(new URL('../../contracts/', import.meta.url));
}

/** The contract file of a vendor, or null when none is pinned yet. */
export function contractFile(vendor: string, dir = defaultContractsDir()): string | null {
  for (const name of FILE_NAMES) {
    const file = join(dir, vendor, name);
    if (existsSync(file)) return file;
  }
  return null;
}

// OpenAPI's own formats, as openapi-backend declares them (ajv knows none of them).
const OPENAPI_FORMATS = {
  int32: { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 },
  int64: { type: 'number', validate: (n: number) => Number.isInteger(n) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
  byte: { type: 'string', validate: /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/ },
  binary: { type: 'string', validate: () => true },
  password: { type: 'string', validate: () => true },
} as const;

const addFormats = ((ajvFormats as unknown as { default?: typeof ajvFormats }).default ?? ajvFormats) as unknown as (ajv: Ajv) => Ajv;

/**
 * The ajv openapi-backend compiles with: JSON Schema 2020-12 for OpenAPI 3.1 (its schema dialect),
 * draft-07 (ajv's default, with `nullable`) for 3.0; every standard format checked (ajv-formats).
 */
function customizeAjv(version: string) {
  return (ajv: Ajv, options: AjvOptions): Ajv => {
    const chosen = version.startsWith('3.1') ? (new Ajv2020({ ...options }) as unknown as Ajv) : ajv;
    addFormats(chosen);
    for (const [name, format] of Object.entries(OPENAPI_FORMATS)) chosen.addFormat(name, format as never);
    return chosen;
  };
}

/**
 * The dereferenced document as a tree: an object reached twice (two $refs to one schema, a YAML
 * alias) becomes two copies, and only a true cycle (a schema within itself) stays a shared
 * reference. openapi-backend turns every repeated object into a `$ref` to its first place, which
 * is wrong for a repeated non-schema (a `properties` map: OpenAI's document has them) and right
 * for a cycle. `nullable` goes where it means nothing, as ajv refuses it there: in a 3.1 document
 * (not a keyword of JSON Schema 2020-12) and beside no `type` in 3.0 (OAS 3.0.3, 'nullable').
 */
function untangle(value: unknown, v31: boolean, parentKey = '', ancestors = new Set<object>()): unknown {
  if (!value || typeof value !== 'object') return value;
  if (ancestors.has(value)) return value;
  ancestors.add(value);
  let copy: unknown;
  if (Array.isArray(value)) copy = value.map((item) => untangle(item, v31, '', ancestors));
  else {
    const entries = Object.entries(value).filter(
      ([key, item]) => !(key === 'nullable' && typeof item === 'boolean' && parentKey !== 'properties' && (v31 || !('type' in value))),
    );
    copy = Object.fromEntries(entries.map(([key, item]) => [key, untangle(item, v31, key, ancestors)]));
  }
  ancestors.delete(value);
  return copy;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** A contract from an OpenAPI document already read (tests), or from a file path. */
export async function contractFromDocument(source: string | object, name = typeof source === 'string' ? source : 'contract'): Promise<Contract> {
  let document: Document;
  try {
    const read = (await dereference(source as never)) as { openapi?: unknown };
    document = untangle(read, String(read.openapi ?? '').startsWith('3.1')) as Document;
  } catch (error) {
    throw new ContractError(`Contract ${name}: could not be read (${(error as Error).message})`);
  }
  const version = String((document as { openapi?: unknown }).openapi ?? '');
  if (!/^3\.[01]\./.test(version)) throw new ContractError(`Contract ${name}: OpenAPI 3.0 or 3.1 expected, found '${version || 'nothing'}'`);
  // openapi-backend keys its validators by operationId: an operation without one gets `METHOD /path`.
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = (item as Record<string, { operationId?: string } | undefined>)?.[method];
      if (!operation) continue;
      operation.operationId ??= `${method.toUpperCase()} ${path}`;
      operations.push({ id: operation.operationId, method: method.toUpperCase(), path });
    }
  }
  const router = new OpenAPIRouter({ definition: document, apiRoot: '/' });
  const validator = new OpenAPIValidator({
    definition: document,
    router,
    // Only the operations an exchange reaches are compiled: OpenAI's document has hundreds.
    lazyCompileValidators: true,
    ajvOpts: { strict: false, logger: false },
    customizeAjv: customizeAjv(version),
  });
  return { name, file: typeof source === 'string' ? source : '(document)', openapi: version, operations, router, validator };
}

const loaded = new Map<string, Promise<Contract>>();

/** A vendor's pinned contract (loaded once per process). */
export function loadContract(vendor: ContractVendor, { dir }: { dir?: string } = {}): Promise<Contract> {
  const file = contractFile(vendor, dir);
  if (!file) return Promise.reject(new ContractError(`No contract pinned for ${vendor}: sandboxes/contracts/${vendor}/openapi.yaml (or .json) is missing`));
  let contract = loaded.get(file);
  if (!contract) {
    contract = contractFromDocument(file, vendor).then((c) => ({ ...c, name: vendor }));
    loaded.set(file, contract);
    contract.catch(() => loaded.delete(file));
  }
  return contract;
}
