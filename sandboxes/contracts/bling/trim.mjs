#!/usr/bin/env node
// Rebuilds openapi.json from Bling's published OpenAPI document (SOURCE.md says where it is):
//   node sandboxes/contracts/bling/trim.mjs <bling-openapi-reference.json>
// Keeps the operations the console uses with every component they reference, verbatim; then
// applies PATCHES (defects of the published document that no real answer could satisfy) and
// SUPPLEMENTS (what Bling's developer pages state and the OpenAPI does not hold). Each one says why;
// SOURCE.md lists them too. Everything else is Bling's text.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';

const OPERATIONS = {
  '/produtos': ['get', 'post'],
  '/produtos/{idProduto}': ['get', 'put', 'patch'],
  '/produtos/{idProduto}/situacoes': ['patch'],
  '/produtos/lojas': ['get', 'post'],
  '/produtos/lojas/{idProdutoLoja}': ['get', 'put', 'delete'],
};
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

const source = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
const contract = { openapi: source.openapi, info: source.info, servers: source.servers, security: source.security, paths: {} };
for (const [path, methods] of Object.entries(OPERATIONS)) {
  contract.paths[path] = Object.fromEntries(Object.entries(source.paths[path]).filter(([key]) => !METHODS.has(key) || methods.includes(key)));
}

// Every component the kept operations reach, transitively.
const reached = new Set();
const pending = [];
const walk = (node) => {
  if (Array.isArray(node)) node.forEach(walk);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && !reached.has(value)) {
        reached.add(value);
        pending.push(value);
      } else walk(value);
    }
  }
};
walk(contract.paths);
while (pending.length) {
  const [, , section, name] = pending.pop().split('/');
  walk(source.components[section][name]);
}
const components = {};
for (const ref of [...reached].sort()) {
  const [, , section, name] = ref.split('/');
  (components[section] ??= {})[name] = source.components[section][name];
}
components.securitySchemes = source.components.securitySchemes;
contract.components = structuredClone(components);
contract.tags = source.tags.filter((tag) => tag.name === 'Produtos - Lojas');

const schemas = contract.components.schemas;
const patches = [];
const patch = (what, why, apply) => {
  apply();
  patches.push({ what, why });
};

// ---- PATCHES: defects no real answer can satisfy ----
patch(
  'ErrorResponse.required',
  "lists 'error.type', 'message' and 'description' at the top level, where no Bling error body has them: required is ['error']",
  () => {
    schemas.ErrorResponse.required = ['error'];
  },
);
patch(
  'ProdutosDimensoesDTO.unidadeMedida.enum',
  "type integer with enum ['0','1','2'] (strings) admits no value: enum [0,1,2] (Bling's example and recorded answers hold the number 1)",
  () => {
    schemas.ProdutosDimensoesDTO.properties.unidadeMedida.enum = [0, 1, 2];
  },
);
patch('ProdutosVariacaoDTO.required', "requires 'atributos', which is not among its properties nor in any recorded answer: dropped", () => {
  schemas.ProdutosVariacaoDTO.required = schemas.ProdutosVariacaoDTO.required.filter((name) => name !== 'atributos');
});
patch(
  'ProdutosLojasDadosBaseDTO.categoriasProdutos',
  'is one ProdutosLojasCategoriaDTO while ProdutosLojasDadosDTO (combined with it by allOf) makes it an array: an array of them',
  () => {
    schemas.ProdutosLojasDadosBaseDTO.properties.categoriasProdutos = { type: 'array', items: { $ref: '#/components/schemas/ProdutosLojasCategoriaDTO' } };
  },
);

// ---- SUPPLEMENTS: Bling's developer pages (SOURCE.md) ----
/** `{error: {type, message, description, ...more}}` with `type` one of `types`. */
const errorBody = (types, more = {}) => ({
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['type', 'message', 'description'],
      properties: { type: { type: 'string', enum: types }, message: { type: 'string' }, description: { type: 'string' }, ...more },
    },
  },
});
const supplements = [];
const supplement = (what, source, apply) => {
  apply();
  supplements.push({ what, source });
};
supplement('components.schemas.TooManyRequestsResponse and a 429 answer on every operation', 'developer.bling.com.br/limites', () => {
  // limit and period on the account's limits (the ones /limites shows); an IP block names neither.
  schemas.TooManyRequestsResponse = errorBody(['TOO_MANY_REQUESTS'], {
    limit: { type: 'integer', description: 'Requisições permitidas no período (3 por segundo, 120.000 por dia).' },
    period: { type: 'string', enum: ['second', 'day'] },
  });
});
supplement(
  'components.schemas.InvalidTokenResponse and a 401 answer on every operation',
  'developer.bling.com.br/autenticacao (RFC 6750 error code; the published Error.type enum does not list it)',
  () => {
    schemas.InvalidTokenResponse = errorBody(['invalid_token']);
  },
);
supplement('header parameter enable-jwt on every operation', 'developer.bling.com.br/migracao-jwt', () => {
  contract.components.parameters.enableJwt = {
    name: 'enable-jwt',
    in: 'header',
    required: false,
    description: "'1' pede e aceita tokens JWT; os tokens opacos foram descontinuados (data de término a anunciar).",
    schema: { type: 'string', enum: ['1'] },
  };
});
supplement('a 404 answer on PUT/PATCH of an unknown id', 'developer.bling.com.br/erros-comuns (RESOURCE_NOT_FOUND)', () => undefined);
const json = (schemaRef) => ({ description: '', content: { 'application/json': { schema: { $ref: schemaRef } } } });
for (const [path, item] of Object.entries(contract.paths)) {
  for (const [method, operation] of Object.entries(item)) {
    if (!METHODS.has(method)) continue;
    operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/enableJwt' }];
    operation.responses['401'] ??= json('#/components/schemas/InvalidTokenResponse');
    operation.responses['429'] ??= json('#/components/schemas/TooManyRequestsResponse');
    if (path.includes('{') && (method === 'put' || method === 'patch')) operation.responses['404'] ??= json('#/components/schemas/ErrorResponse');
  }
}

supplement('POST /oauth/token (refresh_token and authorization_code grants)', 'developer.bling.com.br/aplicativos and /migracao-jwt', () => {
  contract.paths['/oauth/token'] = {
    post: {
      summary: 'Obtém ou renova os tokens de acesso (OAuth 2.0)',
      security: [],
      parameters: [
        {
          name: 'Authorization',
          in: 'header',
          required: true,
          description: 'Basic base64(client_id:client_secret)',
          schema: { type: 'string', pattern: '^Basic ' },
        },
        { $ref: '#/components/parameters/enableJwt' },
      ],
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              required: ['grant_type'],
              properties: {
                grant_type: { type: 'string', enum: ['authorization_code', 'refresh_token'] },
                code: { type: 'string' },
                refresh_token: { type: 'string' },
              },
            },
          },
        },
      },
      responses: {
        200: {
          description: 'access_token de 6 h (21.600 s) e refresh_token de 30 dias; com enable-jwt: 1 o access_token é um JWT de 1.500 a 3.000 caracteres',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['access_token', 'expires_in', 'token_type', 'refresh_token'],
                properties: {
                  access_token: { type: 'string' },
                  expires_in: { type: 'integer' },
                  token_type: { type: 'string', enum: ['Bearer'] },
                  scope: { type: 'string' },
                  refresh_token: { type: 'string' },
                },
              },
            },
          },
        },
        400: json('#/components/schemas/OAuthErrorResponse'),
        401: json('#/components/schemas/OAuthErrorResponse'),
        429: json('#/components/schemas/TooManyRequestsResponse'),
      },
    },
  };
  schemas.OAuthErrorResponse = errorBody(['invalid_client', 'invalid_grant', 'invalid_request', 'unsupported_grant_type']);
});

supplement(
  'GET /oauth/authorize (the consent page: response_type=code, client_id, state; no redirect_uri, no PKCE)',
  'developer.bling.com.br/aplicativos (the authorization link; the app registers its redirect link)',
  () => {
    const query = (name, required, schema) => ({ name, in: 'query', required, schema });
    contract.paths['/oauth/authorize'] = {
      get: {
        summary: 'Página de autorização do aplicativo (OAuth 2.0, authorization code)',
        security: [],
        parameters: [
          query('response_type', true, { type: 'string', enum: ['code'] }),
          query('client_id', true, { type: 'string' }),
          query('state', false, { type: 'string' }),
        ],
        responses: {
          200: { description: 'a página em que o usuário autoriza o aplicativo', content: { 'text/html': { schema: { type: 'string' } } } },
          400: { description: 'aplicativo desconhecido ou requisição inválida', content: { 'text/html': { schema: { type: 'string' } } } },
        },
      },
    };
  },
);

contract['x-console'] = { patches, supplements };
const output = join(dirname(fileURLToPath(import.meta.url)), 'openapi.json');
// Written as the repository's formatter writes it, so `npm run check` and this script agree.
writeFileSync(output, await format(JSON.stringify(contract), { ...(await resolveConfig(output)), filepath: output }));
console.log(
  `openapi.json: ${Object.keys(contract.paths).length} paths, ${Object.keys(schemas).length} schemas, ${patches.length} patches, ${supplements.length} supplements`,
);
