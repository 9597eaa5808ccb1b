// The upstreams with no published contract (the manufacturer's web service, TStock, Franke, Doka,
// the four store sites): the spec is their contract, written down once as OpenAPI in
// sandboxes/contracts/<vendor>/. Our real clients talk to the real sandboxes over HTTP; every
// request the client sends and every answer the sandbox gives is validated against the contract,
// every operation is exercised, and each client's zod schema is held to the contract's answer
// schema (what the client requires, the contract guarantees, with the same types).
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkExchange,
  checkRequest,
  checkResponse,
  loadContract,
  type Contract,
  type ContractVendor,
  type Exchange,
} from '../../../sandboxes/src/contracts/index.js';
import { loadCatalogue } from '../../../sandboxes/src/catalogue.js';
import type { SandboxName } from '../../../sandboxes/src/index.js';
import { expectExchangesConform } from '../../../test-support/contracts.js';
import { loadTramontinaCredentials, useSandboxes } from '../../../test-support/sandboxes.js';
import { DokaClient } from './doka/client.js';
import { FrankeClient, frankeProductSchema } from './franke/client.js';
import { STORE_SITES, StoreSiteClient, siteProductSchema } from './sites/client.js';
import { TstockClient, tstockPageSchema } from './tstock/client.js';
import { TramontinaWebserviceClient, webserviceProductSchema } from './tramontina/client.js';

const CONTRACTS = join(dirname(fileURLToPath(import.meta.url)), '../../../sandboxes/contracts');

type Vendor = Extract<ContractVendor, 'tramontina' | 'tstock' | 'franke' | 'doka' | 'sites'>;
const VENDORS: Vendor[] = ['tramontina', 'tstock', 'franke', 'doka', 'sites'];
const SANDBOXES: Record<Vendor, SandboxName[]> = {
  tramontina: ['tramontina-webservice'],
  tstock: ['tramontina-tstock'],
  franke: ['franke'],
  doka: ['doka'],
  sites: STORE_SITES.map((site) => `site-${site}` as const),
};

const FAST = { timeoutMs: 5_000, retries: 0, backoffMs: 1 };
const catalogue = loadCatalogue();
const credentials = loadTramontinaCredentials();
const sandboxes = useSandboxes();
const contracts = new Map<Vendor, Contract>();
const servers: Server[] = [];

beforeAll(async () => {
  for (const vendor of VENDORS) contracts.set(vendor, await loadContract(vendor));
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

const contract = (vendor: Vendor) => contracts.get(vendor)!;

function exchangesOf(vendor: Vendor): Exchange[] {
  return SANDBOXES[vendor].flatMap((name) => sandboxes().controls[name].exchanges());
}

/**
 * The test's exchanges with this vendor conform to its contract (the shared checker), each request
 * carries the authorization its operation's security names (the checker leaves security out), and
 * together they use every operation of the contract.
 */
async function expectConforms(vendor: Vendor): Promise<Exchange[]> {
  const exchanges = exchangesOf(vendor);
  await expectExchangesConform(vendor, exchanges);
  expect(exchanges.flatMap((e) => securityViolations(vendor, e))).toEqual([]);
  const used = new Set(
    exchanges.map((e) => contract(vendor).router.matchOperation({ method: e.method.toLowerCase(), path: e.path, headers: {} })?.operationId),
  );
  expect([...used].sort(), `${vendor}: operations used`).toEqual(
    contract(vendor)
      .operations.map((o) => o.id)
      .sort(),
  );
  return exchanges;
}

function securityViolations(vendor: Vendor, exchange: Exchange): string[] {
  const operation = contract(vendor).router.matchOperation({ method: exchange.method.toLowerCase(), path: exchange.path, headers: {} });
  return (operation?.security ?? [])
    .flatMap((s) => Object.keys(s))
    .filter((scheme) => !(scheme === 'basic' ? /^Basic \S+$/ : /^Bearer \S+$/).test(String(exchange.requestHeaders.authorization ?? '')))
    .map((scheme) => `${exchange.method} ${exchange.path}: request without ${scheme} authorization`);
}

/** A server answering every request with `body` (a vendor's own example answer). */
async function answering(body: unknown): Promise<string> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The example answer of `GET /api/catalog_system/pub/products/search` in VTEX's published Search API. */
function vtexExample(): unknown {
  const published = JSON.parse(readFileSync(join(CONTRACTS, 'franke', 'vtex-search-api.json'), 'utf8')) as {
    paths: Record<string, { get: { responses: Record<string, { content: Record<string, { example: unknown }> }> } }>;
  };
  return published.paths['/api/catalog_system/pub/products/search']!.get.responses['200']!.content['application/json']!.example;
}

/** Paths of `value` that `reference` lacks or holds with another JSON type (arrays compared by their first element). */
function shapeOutside(value: unknown, reference: unknown, path = '$'): string[] {
  const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
  if (value === null || reference === null) return [];
  if (kind(value) !== kind(reference)) return [`${path}: ${kind(value)}, VTEX ${kind(reference)}`];
  if (Array.isArray(value)) return value.length && (reference as unknown[]).length ? shapeOutside(value[0], (reference as unknown[])[0], `${path}[]`) : [];
  if (kind(value) !== 'object') return [];
  const ref = reference as Record<string, unknown>;
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
    key in ref ? shapeOutside(v, ref[key], `${path}.${key}`) : [`${path}.${key}: not in VTEX's example`],
  );
}

const products = [...catalogue.byCode.values()];
const tramontina = products.find((p) => (p.brand ?? 'Tramontina') === 'Tramontina' && p.Company === 1)!;
const franke = products.find((p) => p.brand === 'Franke')!;

describe('the proprietary upstreams against the contracts the spec gives them', () => {
  it('the manufacturer web service: login, a product, an unknown product, a refused login', async () => {
    const baseUrl = sandboxes().urls['tramontina-webservice'];
    const client = new TramontinaWebserviceClient({ baseUrl, credentials: credentials.webservice[0]!, ...FAST });
    expect(await client.product(tramontina.Company as number, tramontina.ProductCode)).toMatchObject({ ProductCode: tramontina.ProductCode });
    expect(await client.product(1, 'NAO-EXISTE')).toBeNull();
    const refused = new TramontinaWebserviceClient({ baseUrl, credentials: { user: 'alguem', password: 'errada' }, ...FAST });
    await expect(refused.product(1, tramontina.ProductCode)).rejects.toThrow();
    expect((await expectConforms('tramontina')).map((e) => e.status)).toEqual([200, 200, 404, 401]);
  });

  it('TStock: a paginated stock query with its download URL, then the stock file', async () => {
    const client = new TstockClient({ baseUrl: sandboxes().urls['tramontina-tstock'], credentials: credentials.tstock[0]!, ...FAST });
    const stock = await client.stock([
      { id: tramontina.ProductCode, companyId: tramontina.Company as number },
      { id: 'NAO-EXISTE', companyId: 1 },
    ]);
    expect(stock.registros.map((r) => r.id)).toEqual([tramontina.ProductCode]);
    expect(stock.download).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/estoque\/arquivos\//);
    expect(await client.downloadStockFile(stock.download!)).toContain(tramontina.ProductCode);
    expect((await expectConforms('tstock')).map((e) => e.status)).toEqual([200, 200]);
  });

  it('Franke: a reference it sells and one it does not', async () => {
    const client = new FrankeClient({ baseUrl: sandboxes().urls.franke, ...FAST });
    expect(await client.product(franke.ProductCode)).toMatchObject({ productReference: franke.ProductCode });
    expect(await client.product('NAO-EXISTE')).toBeNull();
    await expectConforms('franke');
  });

  it("Franke: VTEX's own example answer (its Search API document) fits the contract and our client reads it", async () => {
    const example = vtexExample();
    const request = { method: 'GET', path: '/api/catalog_system/pub/products/search?fq=alternateIds_RefId:000806' };
    expect(checkResponse(contract('franke'), request, { status: 200, headers: { 'content-type': 'application/json' }, body: example })).toEqual([]);
    const [reference] = (example as { productReference: string }[]).map((p) => p.productReference);
    const client = new FrankeClient({ baseUrl: await answering(example), ...FAST });
    expect(await client.product(reference!)).toMatchObject({ productId: '35', productReference: reference });
  });

  it("Franke: the sandbox's answer has only fields VTEX's example has, with the same JSON types", async () => {
    await new FrankeClient({ baseUrl: sandboxes().urls.franke, ...FAST }).product(franke.ProductCode);
    const [exchange] = exchangesOf('franke');
    expect(shapeOutside(exchange!.responseBody, vtexExample())).toEqual([]);
  });

  it('Doka: a product page and a missing one', async () => {
    const client = new DokaClient({ baseUrl: sandboxes().urls.doka, ...FAST });
    expect(await client.product(tramontina.ProductCode)).not.toBeNull();
    expect(await client.product('NAO-EXISTE')).toBeNull();
    await expectConforms('doka');
  });

  it('the four store sites: a product and an unknown one each', async () => {
    for (const site of STORE_SITES) {
      const client = new StoreSiteClient({ site, baseUrl: sandboxes().urls[`site-${site}`], ...FAST });
      expect(await client.product(tramontina.ProductCode)).toMatchObject({ id: tramontina.ProductCode });
      expect(await client.product('NAO-EXISTE')).toBeNull();
    }
    expect(await expectConforms('sites')).toHaveLength(8);
  });

  it('the checks can fail: a client, a sandbox or an authorization off the contract is caught', async () => {
    const login = { method: 'POST', path: '/api/v1/autenticacao', headers: { 'content-type': 'application/json' }, body: { user: 'x', password: 'y' } };
    expect(
      checkRequest(contract('tramontina'), login)
        .map((v) => v.message)
        .join('\n'),
    ).toMatch(/usuario/);
    await new StoreSiteClient({ site: 'cookstore', baseUrl: sandboxes().urls['site-cookstore'], ...FAST }).product(tramontina.ProductCode);
    const [product] = exchangesOf('sites');
    const answer = product!.responseBody as { produto: Record<string, unknown> };
    const broken = { ...product!, responseBody: { ...answer, produto: { ...answer.produto, preco: { por: '10,00' } } } };
    expect(
      checkExchange(contract('sites'), broken)
        .map((v) => v.message)
        .join('\n'),
    ).toMatch(/preco/);
    expect(checkExchange(contract('sites'), { ...product!, status: 500 }).map((v) => v.message)).toContain(
      'status 500 is not documented (documented: 200, 404)',
    );
    const page = { ...product!, sandbox: 'tramontina-tstock', method: 'POST', path: '/api/estoque/paginar', requestHeaders: {} };
    expect(securityViolations('tstock', page)).toEqual(['POST /api/estoque/paginar: request without basic authorization']);
  });
});

// --- Each client's zod schema against the contract's answer schema ---

type Schema = {
  type?: string | string[];
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
  enum?: unknown[];
};

/** A schema's types, with null when it accepts null (OpenAPI 3.0's `nullable`, JSON Schema's type list or anyOf). */
function typesOf(schema: Schema): Set<string> {
  const out = new Set<string>();
  for (const s of [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) {
    for (const t of [s.type ?? []].flat()) out.add(t === 'integer' ? 'number' : t);
    if (s.nullable) out.add('null');
    if (s.enum?.includes(null)) out.add('null');
  }
  return out;
}

function branch(schema: Schema, type: string): Schema {
  return [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) => [s.type ?? []].flat().includes(type)) ?? schema;
}

/**
 * Where the client (zod, as JSON Schema of its input) would refuse an answer the contract allows:
 * a field the client requires that the contract does not, a null or a type the contract allows
 * and the client does not. Fields the client ignores are fine.
 */
function disagreements(client: Schema, contract: Schema, path = '$'): string[] {
  const out: string[] = [];
  const clientTypes = typesOf(client);
  const contractTypes = typesOf(contract);
  if (clientTypes.size) for (const t of contractTypes) if (!clientTypes.has(t)) out.push(`${path}: the contract allows ${t}, the client does not`);
  if (contractTypes.has('object') && clientTypes.has('object')) {
    const c = branch(client, 'object');
    const k = branch(contract, 'object');
    for (const name of c.required ?? []) if (!(k.required ?? []).includes(name)) out.push(`${path}.${name}: the client requires it, the contract does not`);
    for (const [name, schema] of Object.entries(c.properties ?? {})) {
      if (k.properties?.[name]) out.push(...disagreements(schema, k.properties[name], `${path}.${name}`));
      else if ((c.required ?? []).includes(name)) out.push(`${path}.${name}: not in the contract`);
    }
  }
  if (contractTypes.has('array') && clientTypes.has('array')) {
    const c = branch(client, 'array').items;
    const k = branch(contract, 'array').items;
    if (c && k) out.push(...disagreements(c, k, `${path}[]`));
  }
  return out;
}

/** The 200 answer's schema of an operation (the loaded contract is dereferenced), or a part of it. */
function answerSchema(vendor: Vendor, operationId: string, path: string[] = []): Schema {
  const operation = contract(vendor).router.getOperation(operationId)!;
  let schema = (operation.responses?.['200'] as { content: Record<string, { schema: Schema }> }).content['application/json']!.schema;
  for (const step of path) schema = step === '[]' ? schema.items! : schema.properties![step]!;
  return schema;
}

const asJsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;

describe('each client’s zod schema accepts every answer its contract allows', () => {
  const pairs: [string, z.ZodType, Vendor, string, string[]?][] = [
    ['the web service product', webserviceProductSchema, 'tramontina', 'product'],
    ['a TStock page', tstockPageSchema, 'tstock', 'paginate'],
    ['a Franke product', frankeProductSchema, 'franke', 'searchByReference', ['[]']],
    ['a store site product', siteProductSchema, 'sites', 'product', ['produto']],
  ];
  it.each(pairs)('%s', (_, schema, vendor, operationId, path) => {
    expect(disagreements(asJsonSchema(schema), answerSchema(vendor, operationId, path))).toEqual([]);
  });

  it('finds a disagreement when there is one', () => {
    const stricter = siteProductSchema.extend({ marca: z.string(), vendedor: z.string() });
    expect(disagreements(asJsonSchema(stricter), answerSchema('sites', 'product', ['produto']))).toEqual([
      '$.vendedor: the client requires it, the contract does not',
      '$.marca: the contract allows null, the client does not',
      '$.vendedor: not in the contract',
    ]);
  });
});
