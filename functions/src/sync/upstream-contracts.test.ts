// The upstreams with no published contract (the manufacturer's web service, TStock, Franke, Doka,
// the four store sites): the spec is their contract, written down once as OpenAPI in
// sandboxes/contracts/<vendor>/. Our real clients talk to the real sandboxes over HTTP; every
// request the client sends and every answer the sandbox gives is validated against the contract,
// every operation is exercised, and each client's zod schema is held to the contract's answer
// schema (what the client requires, the contract guarantees, with the same types).
import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import addFormats from 'ajv-formats';
import OpenAPIBackend from 'openapi-backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadCatalogue } from '../../../sandboxes/src/catalogue.js';
import { createDokaSandbox } from '../../../sandboxes/src/doka.js';
import { createFrankeSandbox } from '../../../sandboxes/src/franke.js';
import { loadTramontinaCredentials } from '../../../sandboxes/src/respond.js';
import { createSiteStoreSandbox } from '../../../sandboxes/src/site-store.js';
import { createTramontinaTstockSandbox } from '../../../sandboxes/src/tramontina-tstock.js';
import { createTramontinaWebserviceSandbox } from '../../../sandboxes/src/tramontina-webservice.js';
import { DokaClient } from './doka/client.js';
import { FrankeClient, frankeProductSchema } from './franke/client.js';
import { STORE_SITES, StoreSiteClient, siteProductSchema } from './sites/client.js';
import { TstockClient, tstockPageSchema } from './tstock/client.js';
import { TramontinaWebserviceClient, webserviceProductSchema } from './tramontina/client.js';

const CONTRACTS = join(dirname(fileURLToPath(import.meta.url)), '../../../sandboxes/contracts');

type Vendor = 'tramontina' | 'tstock' | 'franke' | 'doka' | 'sites';
const VENDORS: Vendor[] = ['tramontina', 'tstock', 'franke', 'doka', 'sites'];

interface Exchange {
  vendor: Vendor;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: IncomingHttpHeaders;
  body: unknown;
  status: number;
  contentType: string;
  answer: unknown;
}

const FAST = { timeoutMs: 5_000, retries: 0, backoffMs: 1 };
const catalogue = loadCatalogue();
const credentials = loadTramontinaCredentials();
const exchanges: Exchange[] = [];
const servers: Server[] = [];
const contracts = new Map<Vendor, OpenAPIBackend>();

/** The sandbox, recording each exchange whole (request and answer bodies parsed when JSON). */
async function serve(vendor: Vendor, listener: RequestListener): Promise<string> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString();
      const url = new URL(req.url ?? '/', 'http://sandbox');
      const query: Record<string, string | string[]> = {};
      for (const key of new Set(url.searchParams.keys())) {
        const all = url.searchParams.getAll(key);
        query[key] = all.length > 1 ? all : all[0]!;
      }
      const answer: Buffer[] = [];
      // The sandboxes pass their headers to writeHead, where getHeader does not see them.
      let written: Record<string, unknown> = {};
      const writeHead = res.writeHead.bind(res);
      res.writeHead = ((status: number, ...rest: unknown[]) => {
        const headers = rest.find((r) => typeof r === 'object' && r !== null);
        if (headers) written = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
        return (writeHead as (...a: unknown[]) => typeof res)(status, ...rest);
      }) as typeof res.writeHead;
      const end = res.end.bind(res);
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk) answer.push(Buffer.from(chunk as string));
        const contentType = String(res.getHeader('content-type') ?? written['content-type'] ?? '');
        const text = Buffer.concat(answer).toString();
        exchanges.push({
          vendor,
          method: req.method ?? 'GET',
          path: url.pathname,
          query,
          headers: req.headers,
          body: raw && String(req.headers['content-type']).includes('json') ? JSON.parse(raw) : raw || undefined,
          status: res.statusCode,
          contentType,
          answer: contentType.includes('json') ? JSON.parse(text) : text,
        });
        return (end as (...a: unknown[]) => unknown)(chunk, ...rest);
      }) as typeof res.end;
      // The sandbox reads the body (for await) again: hand it a request that replays what was read.
      const replay = Object.assign(Object.create(req) as typeof req, {
        [Symbol.asyncIterator]: async function* () {
          if (raw) yield Buffer.from(raw);
        },
      });
      void listener(replay, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function contract(vendor: Vendor): OpenAPIBackend {
  return contracts.get(vendor)!;
}

/** What the contract says of one exchange: request and answer, status included. */
function violations(exchange: Exchange): string[] {
  const api = contract(exchange.vendor);
  const request = {
    method: exchange.method,
    path: exchange.path,
    query: exchange.query,
    headers: exchange.headers as Record<string, string>,
    body: exchange.body,
  };
  const operation = api.matchOperation(request);
  if (!operation) return [`no operation ${exchange.method} ${exchange.path}`];
  const out: string[] = [];
  const checked = api.validateRequest(request, operation);
  if (!checked.valid) out.push(...(checked.errors ?? []).map((e) => `request ${e.instancePath} ${e.message}`));
  for (const scheme of (operation.security ?? []).flatMap((s) => Object.keys(s))) {
    const prefix = scheme === 'basic' ? /^Basic \S+$/ : /^Bearer \S+$/;
    if (!prefix.test(String(exchange.headers.authorization ?? ''))) out.push(`request without ${scheme} authorization`);
  }
  const declared = operation.responses?.[String(exchange.status)] as { content?: Record<string, unknown> } | undefined;
  if (!declared) return [...out, `status ${exchange.status} not in the contract`];
  const media = Object.keys(declared.content ?? {});
  if (!media.some((m) => exchange.contentType.startsWith(m))) out.push(`content-type ${exchange.contentType} not one of ${media.join(', ')}`);
  const answer = api.validateResponse(exchange.answer, operation, exchange.status);
  if (!answer.valid) out.push(...(answer.errors ?? []).map((e) => `answer ${e.instancePath} ${e.message}`));
  return out;
}

let urls: Record<Vendor | `site-${string}`, string>;
beforeAll(async () => {
  for (const vendor of VENDORS) {
    const { default: definition } = (await import(`../../../sandboxes/contracts/${vendor}/openapi.json`, { with: { type: 'json' } })) as { default: object };
    const api = new OpenAPIBackend({
      definition: definition as never,
      strict: true,
      validate: true,
      quick: false,
      customizeAjv: (ajv) => (addFormats(ajv), ajv),
    });
    await api.init();
    contracts.set(vendor, api);
  }
  urls = {
    tramontina: await serve('tramontina', createTramontinaWebserviceSandbox(catalogue, { credentials: credentials.webservice })),
    tstock: await serve('tstock', createTramontinaTstockSandbox(catalogue, { credentials: credentials.tstock })),
    franke: await serve('franke', createFrankeSandbox(catalogue)),
    doka: await serve('doka', createDokaSandbox(catalogue)),
    sites: '',
    ...Object.fromEntries(await Promise.all(STORE_SITES.map(async (site) => [`site-${site}`, await serve('sites', createSiteStoreSandbox(catalogue, site))]))),
  };
});
afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

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
    const client = new TramontinaWebserviceClient({ baseUrl: urls.tramontina, credentials: credentials.webservice[0]!, ...FAST });
    expect(await client.product(tramontina.Company as number, tramontina.ProductCode)).toMatchObject({ ProductCode: tramontina.ProductCode });
    expect(await client.product(1, 'NAO-EXISTE')).toBeNull();
    const refused = new TramontinaWebserviceClient({ baseUrl: urls.tramontina, credentials: { user: 'alguem', password: 'errada' }, ...FAST });
    await expect(refused.product(1, tramontina.ProductCode)).rejects.toThrow();
  });

  it('TStock: a paginated stock query with its download URL, then the stock file', async () => {
    const client = new TstockClient({ baseUrl: urls.tstock, credentials: credentials.tstock[0]!, ...FAST });
    const stock = await client.stock([
      { id: tramontina.ProductCode, companyId: tramontina.Company as number },
      { id: 'NAO-EXISTE', companyId: 1 },
    ]);
    expect(stock.registros.map((r) => r.id)).toEqual([tramontina.ProductCode]);
    expect(stock.download).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/estoque\/arquivos\//);
    expect(await client.downloadStockFile(stock.download!)).toContain(tramontina.ProductCode);
  });

  it('Franke: a reference it sells and one it does not', async () => {
    const client = new FrankeClient({ baseUrl: urls.franke, ...FAST });
    expect(await client.product(franke.ProductCode)).toMatchObject({ productReference: franke.ProductCode });
    expect(await client.product('NAO-EXISTE')).toBeNull();
  });

  it("Franke: VTEX's own example answer (its Search API document) fits the contract and our client reads it", async () => {
    const example = vtexExample();
    const operation = contract('franke').getOperation('searchByReference')!;
    expect(contract('franke').validateResponse(example, operation, 200).errors ?? []).toEqual([]);
    const [reference] = (example as { productReference: string }[]).map((p) => p.productReference);
    const vtex = await serve('franke', (req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(example));
    });
    expect(await new FrankeClient({ baseUrl: vtex, ...FAST }).product(reference!)).toMatchObject({ productId: '35', productReference: reference });
  });

  it("Franke: the sandbox's answer has only fields VTEX's example has, with the same JSON types", async () => {
    const headers = { accept: 'application/json', 'content-type': 'application/json' };
    const answer = await (await fetch(`${urls.franke}/api/catalog_system/pub/products/search?fq=alternateIds_RefId:${franke.ProductCode}`, { headers })).json();
    expect(shapeOutside(answer, vtexExample())).toEqual([]);
  });

  it('Doka: a product page and a missing one', async () => {
    const client = new DokaClient({ baseUrl: urls.doka, ...FAST });
    expect(await client.product(tramontina.ProductCode)).not.toBeNull();
    expect(await client.product('NAO-EXISTE')).toBeNull();
  });

  it('the four store sites: a product and an unknown one each', async () => {
    for (const site of STORE_SITES) {
      const client = new StoreSiteClient({ site, baseUrl: urls[`site-${site}`], ...FAST });
      expect(await client.product(tramontina.ProductCode)).toMatchObject({ id: tramontina.ProductCode });
      expect(await client.product('NAO-EXISTE')).toBeNull();
    }
  });

  it('every request and every answer above conforms to its contract, and every operation was used', () => {
    expect(exchanges.length).toBeGreaterThan(15);
    const report = exchanges.flatMap((e) => violations(e).map((v) => `${e.vendor} ${e.method} ${e.path} → ${e.status}: ${v}`));
    expect(report).toEqual([]);
    for (const vendor of VENDORS) {
      const used = new Set(
        exchanges.filter((e) => e.vendor === vendor).map((e) => contract(vendor).matchOperation({ method: e.method, path: e.path, headers: {} })?.operationId),
      );
      const all = contract(vendor)
        .getOperations()
        .map((o) => o.operationId);
      expect([...used].sort(), vendor).toEqual([...all].sort());
    }
  });

  it('refuses what breaks the contract: the check can fail', () => {
    const [login] = exchanges.filter((e) => e.vendor === 'tramontina' && e.status === 200 && e.path.endsWith('/autenticacao'));
    expect(violations({ ...login!, body: { user: 'x', password: 'y' } }).join('\n')).toMatch(/request .*required property 'usuario'/);
    const [product] = exchanges.filter((e) => e.vendor === 'sites' && e.status === 200);
    const answer = product!.answer as { produto: Record<string, unknown> };
    expect(violations({ ...product!, answer: { ...answer, produto: { ...answer.produto, preco: { por: '10,00' } } } }).join('\n')).toMatch(/answer .*preco/);
    expect(violations({ ...product!, status: 500 })).toContain('status 500 not in the contract');
    const [page] = exchanges.filter((e) => e.vendor === 'tstock' && e.path.endsWith('/paginar'));
    expect(violations({ ...page!, headers: { ...page!.headers, authorization: undefined } })).toContain('request without basic authorization');
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

function resolve(vendor: Vendor, schema: Schema): Schema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.split('/').at(-1)!;
  return (contract(vendor).definition.components?.schemas?.[name] ?? schema) as Schema;
}

function answerSchema(vendor: Vendor, operationId: string, path: string[] = []): Schema {
  const operation = contract(vendor).getOperation(operationId)!;
  let schema = resolve(vendor, (operation.responses?.['200'] as { content: Record<string, { schema: Schema }> }).content['application/json']!.schema);
  for (const step of path) schema = resolve(vendor, step === '[]' ? schema.items! : schema.properties![step]!);
  return deref(vendor, schema);
}

function deref(vendor: Vendor, schema: Schema): Schema {
  const s = resolve(vendor, schema);
  return {
    ...s,
    ...(s.properties && { properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, deref(vendor, v)])) }),
    ...(s.items && { items: deref(vendor, s.items) }),
  };
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
