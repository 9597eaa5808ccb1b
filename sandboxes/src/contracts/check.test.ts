import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkExchange, checkRequest, checkResponse, contractFromDocument, type Contract, type Exchange } from './index.js';

// A small contract in the shapes the vendors' use: OpenAPI 3.0 in YAML with $ref, a path
// parameter, an array query parameter named with brackets (Bling's `codigos[]`), a required
// header, a JSON body and a form-encoded body (an OAuth token endpoint), answers per status.
const YAML_30 = `
openapi: 3.0.0
info: { title: Loja, version: '1' }
paths:
  /produtos:
    get:
      operationId: listarProdutos
      parameters:
        - { name: 'codigos[]', in: query, schema: { type: array, items: { type: string } } }
        - { name: pagina, in: query, schema: { type: integer, minimum: 1 } }
        - { name: enable-jwt, in: header, required: true, schema: { type: string, enum: ['1'] } }
      responses:
        '200':
          description: ok
          headers:
            X-Limite: { required: true, schema: { type: integer } }
          content:
            application/json:
              schema: { type: object, required: [data], properties: { data: { type: array, items: { $ref: '#/components/schemas/Produto' } } } }
        '429':
          description: limite
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Erro' }
  /produtos/{idProduto}:
    patch:
      operationId: alterarProduto
      parameters:
        - { name: idProduto, in: path, required: true, schema: { type: integer } }
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Produto' }
      responses:
        '204': { description: alterado }
        '4XX':
          description: erro
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Erro' }
  /token:
    post:
      operationId: token
      requestBody:
        required: true
        content:
          application/x-www-form-urlencoded:
            schema:
              type: object
              required: [grant_type, code, code_verifier]
              properties:
                grant_type: { type: string, enum: [authorization_code] }
                code: { type: string }
                code_verifier: { type: string, pattern: '^[A-Za-z0-9._~-]{43,128}$' }
      responses:
        '200':
          description: tokens
          content:
            application/json:
              schema:
                type: object
                required: [access_token, token_type]
                properties: { access_token: { type: string }, token_type: { type: string }, expires_in: { type: integer } }
components:
  schemas:
    Produto:
      type: object
      additionalProperties: false
      properties:
        codigo: { type: string }
        preco: { type: number, nullable: true }
        formato: { type: string, enum: [S, V, E] }
    Erro:
      type: object
      required: [error]
      properties:
        error: { type: object, required: [type], properties: { type: { type: string }, message: { type: string } } }
`;

// The same kind of operation in OpenAPI 3.1 (JSON Schema 2020-12: type lists, prefixItems).
const JSON_31 = {
  openapi: '3.1.0',
  info: { title: 'Chat', version: '1' },
  paths: {
    '/chat/completions': {
      post: {
        operationId: 'createChatCompletion',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['model', 'messages'],
                properties: {
                  model: { type: 'string' },
                  temperature: { type: ['number', 'null'], minimum: 0, maximum: 2 },
                  messages: { type: 'array', minItems: 1, items: { type: 'object', required: ['role'], properties: { role: { enum: ['system', 'user'] } } } },
                  pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }] },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } },
          },
        },
      },
    },
  },
};

let yaml30: Contract;
let json31: Contract;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'contract-'));
  writeFileSync(join(dir, 'openapi.yaml'), YAML_30);
  yaml30 = await contractFromDocument(join(dir, 'openapi.yaml'), 'loja');
  json31 = await contractFromDocument(structuredClone(JSON_31), 'chat');
});

const jwt = { 'enable-jwt': '1' };

describe('checkRequest', () => {
  it('accepts requests that conform: path parameter, bracketed array query, header, JSON and form bodies', () => {
    expect(yaml30.openapi).toBe('3.0.0');
    expect(checkRequest(yaml30, { method: 'GET', path: '/produtos', query: { 'codigos[]': ['A1', 'B2'], pagina: '2' }, headers: jwt })).toEqual([]);
    expect(checkRequest(yaml30, { method: 'GET', path: '/produtos?codigos[]=A1', headers: { 'Enable-JWT': '1' } })).toEqual([]);
    expect(
      checkRequest(yaml30, { method: 'PATCH', path: '/produtos/12', headers: { 'content-type': 'application/json' }, body: { preco: null, formato: 'V' } }),
    ).toEqual([]);
    expect(
      checkRequest(yaml30, {
        method: 'POST',
        path: '/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `grant_type=authorization_code&code=abc&code_verifier=${'v'.repeat(43)}`,
      }),
    ).toEqual([]);
    expect(
      checkRequest(json31, {
        method: 'POST',
        path: '/chat/completions',
        headers: { 'content-type': 'application/json' },
        body: { model: 'm', temperature: null, messages: [{ role: 'user' }], pair: ['a', 1] },
      }),
    ).toEqual([]);
  });

  it('names what does not conform: undocumented query, missing header, body fields, media type, path, method', () => {
    const v = (req: Parameters<typeof checkRequest>[1]) => checkRequest(yaml30, req).map((x) => `${x.operation ?? '-'}: ${x.message}`);
    expect(v({ method: 'GET', path: '/produtos', query: { codigo: 'A1' }, headers: jwt })).toEqual([
      "listarProdutos: query parameter 'codigo' is not in the contract",
    ]);
    expect(v({ method: 'GET', path: '/produtos' })).toEqual(["listarProdutos: header 'enable-jwt': required by the contract, missing"]);
    expect(v({ method: 'GET', path: '/produtos', query: { pagina: '0' }, headers: jwt })).toEqual(['listarProdutos: query pagina must be >= 1']);
    expect(v({ method: 'PATCH', path: '/produtos/12', headers: { 'content-type': 'application/json' }, body: { formato: 'X', unidade: 'UN' } })).toEqual([
      "alterarProduto: body: property 'unidade' is not in the contract",
    ]);
    expect(v({ method: 'PATCH', path: '/produtos/12', headers: { 'content-type': 'application/json' }, body: { formato: 'X' } })[0]).toMatch(
      /^alterarProduto: body.formato must be equal to one of the allowed values: "S", "V", "E"$/,
    );
    expect(v({ method: 'PATCH', path: '/produtos/abc', headers: { 'content-type': 'application/json' }, body: {} })).toEqual([
      'alterarProduto: path idProduto must be integer',
    ]);
    expect(v({ method: 'PATCH', path: '/produtos/12' })).toEqual(['alterarProduto: body: required by the contract, none sent']);
    expect(
      v({
        method: 'POST',
        path: '/token',
        headers: { 'content-type': 'application/json' },
        body: { grant_type: 'authorization_code', code: 'c', code_verifier: 'short' },
      }),
    ).toEqual([
      "token: content-type 'application/json' is not one the contract accepts (application/x-www-form-urlencoded)",
      'token: body.code_verifier must match pattern "^[A-Za-z0-9._~-]{43,128}$"',
    ]);
    expect(v({ method: 'PUT', path: '/produtos/12' })).toEqual(['-: PUT /produtos/12: the contract has no PUT on this path']);
    expect(v({ method: 'GET', path: '/produto' })).toEqual(['-: GET /produto: no operation of the contract has this path']);
    expect(
      checkRequest(json31, {
        method: 'POST',
        path: '/chat/completions',
        headers: { 'content-type': 'application/json' },
        body: { model: 'm', messages: [], pair: [1, 'a'] },
      }).map((x) => x.message),
    ).toEqual(['body.messages must NOT have fewer than 1 items']);
  });
});

describe('checkResponse', () => {
  const list = { method: 'GET', path: '/produtos', headers: jwt };
  const json = { 'content-type': 'application/json; charset=utf-8' };

  it('accepts documented answers: status, pattern status (4XX), 204 without body, required header', () => {
    expect(checkResponse(yaml30, list, { status: 200, headers: { ...json, 'x-limite': '3' }, body: { data: [{ codigo: 'A1', preco: 10 }] } })).toEqual([]);
    expect(checkResponse(yaml30, list, { status: 429, headers: json, body: { error: { type: 'TOO_MANY_REQUESTS', message: 'limite' } } })).toEqual([]);
    const patch = { method: 'PATCH', path: '/produtos/1' };
    expect(checkResponse(yaml30, patch, { status: 204 })).toEqual([]);
    expect(checkResponse(yaml30, patch, { status: 404, headers: json, body: { error: { type: 'RESOURCE_NOT_FOUND' } } })).toEqual([]);
  });

  it('names what does not conform: undocumented status, body, media type, missing header', () => {
    const v = (req: Parameters<typeof checkResponse>[1], res: Parameters<typeof checkResponse>[2]) => checkResponse(yaml30, req, res).map((x) => x.message);
    expect(v(list, { status: 503, headers: json, body: { error: { type: 'x' } } })).toEqual(['status 503 is not documented (documented: 200, 429)']);
    expect(v(list, { status: 200, headers: { ...json, 'x-limite': '3' }, body: { data: [{ codigo: 1 }] } })).toEqual([
      'status 200: body.data[0].codigo must be string',
    ]);
    expect(v(list, { status: 200, headers: json, body: { data: [] } })).toEqual(["status 200: header 'X-Limite' is required by the contract, missing"]);
    expect(v(list, { status: 429, headers: { 'content-type': 'text/html' }, body: '<h1>Too many</h1>' })).toEqual([
      "status 429: content-type 'text/html' is not documented (application/json)",
    ]);
    expect(v(list, { status: 429, headers: json, body: { erro: 'limite' } })).toEqual(['status 429: body.error: required by the contract, missing']);
    expect(v({ method: 'PATCH', path: '/produtos/1' }, { status: 204, body: { ok: true } })).toEqual(['status 204: a 204 answer carries no body']);
  });
});

describe('checkExchange', () => {
  const exchange = (over: Partial<Exchange>): Exchange => ({
    sandbox: 'bling',
    time: '2026-01-01T00:00:00.000Z',
    method: 'GET',
    path: '/Api/v3/produtos',
    query: {},
    requestHeaders: jwt,
    requestBytes: 0,
    status: 200,
    responseHeaders: { 'content-type': 'application/json', 'x-limite': '3' },
    responseBody: { data: [] },
    responseBytes: 11,
    ...over,
  });

  it("checks a recorded exchange's both sides, relative to the sandbox's base", () => {
    expect(checkExchange(yaml30, exchange({}))).toEqual([]);
    expect(checkExchange(yaml30, exchange({ query: { codigo: 'A' }, responseBody: { data: 1 } })).map((x) => `${x.where}: ${x.message}`)).toEqual([
      "request: query parameter 'codigo' is not in the contract",
      'response: status 200: body.data must be array',
    ]);
    expect(checkExchange(yaml30, exchange({ path: '/produtos' })).map((x) => x.message)).toEqual(["GET /produtos: outside the contract's server base /Api/v3"]);
  });
});
