import type { ErrorObject } from 'ajv';
import type { Operation } from 'openapi-backend';
import type { Contract } from './load.js';

/**
 * One request and its answer checked against a vendor's contract. The matching of path templates
 * and the schema checks (path, query, headers, body; response body and headers per status) are
 * openapi-backend's and ajv's; what is here is what they leave to the caller: the operation must
 * exist, the status must be documented, the media types must be the documented ones, and
 * `required: true` response headers must be present.
 */

export interface ContractViolation {
  where: 'request' | 'response';
  /** The contract's operationId (or `METHOD /path`) when the exchange matched one. */
  operation?: string;
  message: string;
}

type HeaderValue = string | string[] | number | undefined;

export interface ContractRequest {
  method: string;
  /** Relative to the contract's server base (`/produtos/123`); a `?query` here is read too. */
  path: string;
  query?: Record<string, string | string[]>;
  headers?: Record<string, HeaderValue>;
  /** Parsed JSON, a form as an object, or the raw text. */
  body?: unknown;
}

export interface ContractResponse {
  status: number;
  headers?: Record<string, HeaderValue>;
  body?: unknown;
}

type MediaTypes = Record<string, unknown> | undefined;

function lowerHeaders(headers: Record<string, HeaderValue> = {}): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(headers)) if (value !== undefined) out[key.toLowerCase()] = typeof value === 'number' ? String(value) : value;
  return out;
}

function firstValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Whether `type` is one of the documented media types (`application/*`, `*\/*` included). */
function documented(content: MediaTypes, type: string): boolean {
  return Object.keys(content ?? {}).some((key) => {
    const [want, wantSub] = mediaType(key).split('/');
    const [got, gotSub] = type.split('/');
    return (want === '*' || want === got) && (wantSub === '*' || wantSub === gotSub);
  });
}

const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');

/** The query from the path's `?…` merged with the given object, each key as sent (`codigos[]`). */
function queryOf(req: ContractRequest): { path: string; query: Record<string, string | string[]> } {
  const mark = req.path.indexOf('?');
  const query: Record<string, string | string[]> = { ...(req.query ?? {}) };
  if (mark === -1) return { path: req.path, query };
  for (const [key, value] of new URLSearchParams(req.path.slice(mark + 1))) {
    const seen = query[key];
    query[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return { path: req.path.slice(0, mark), query };
}

function matchOperation(contract: Contract, method: string, path: string): Operation | ContractViolation {
  const request = { method: method.toLowerCase(), path, headers: {} };
  const operation = contract.router.matchOperation(request);
  if (operation) return operation;
  const pathKnown = contract.operations.some((op) => new RegExp(`^${op.path.replace(/\{[^}]*\}/g, '[^/]+')}$`).test(path));
  return {
    where: 'request',
    message: pathKnown
      ? `${method.toUpperCase()} ${path}: the contract has no ${method.toUpperCase()} on this path`
      : `${method.toUpperCase()} ${path}: no operation of the contract has this path`,
  };
}

/** ajv's errors in words: where (body.itens[0].codigo, query parameter, header) and what. */
function describe(error: ErrorObject, root: 'request' | 'response'): string {
  const segments = error.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  let where: string;
  if (root === 'request') {
    const [part, ...rest] = segments;
    const names: Record<string, string> = { requestBody: 'body', query: 'query', header: 'header', path: 'path', cookie: 'cookie' };
    where = [names[part ?? ''] ?? part ?? 'request', ...rest.map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`))]
      .join('')
      .replace(/^(query|header|path)\./, '$1 ');
  } else {
    where = ['body', ...segments.map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`))].join('');
  }
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') {
    const extra = String(params.additionalProperty);
    if (where === 'query') return `query parameter '${extra}' is not in the contract`;
    return `${where}: property '${extra}' is not in the contract`;
  }
  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    if (where === 'request' && missing === 'requestBody') return 'body: required by the contract, none sent';
    if (where === 'request') return `${missing}: a required ${missing === 'header' ? 'header' : `${missing} parameter`} is missing`;
    return `${where === 'query' || where === 'header' || where === 'path' ? `${where} '${missing}'` : `${where}.${missing}`}: required by the contract, missing`;
  }
  if (error.keyword === 'enum') return `${where} ${error.message ?? ''}: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return `${where} ${error.message ?? error.keyword}`;
}

function violations(errors: ErrorObject[] | null | undefined, where: 'request' | 'response', operation: string): ContractViolation[] {
  const messages = [...new Set((errors ?? []).map((e) => describe(e, where)))];
  return messages.map((message) => ({ where, operation, message }));
}

/** A request checked against the contract: its operation, path, query, headers and body. */
export function checkRequest(contract: Contract, req: ContractRequest): ContractViolation[] {
  const { path, query } = queryOf(req);
  const matched = matchOperation(contract, req.method, path);
  if (!('operationId' in matched)) return [matched as ContractViolation];
  const operation = matched;
  const id = operation.operationId!;
  const headers = lowerHeaders(req.headers);
  const out: ContractViolation[] = [];
  const requestBody = operation.requestBody as { content?: MediaTypes; required?: boolean } | undefined;
  const hasBody = req.body !== undefined && req.body !== '';
  let body = req.body;
  if (hasBody) {
    const type = mediaType(firstValue(headers['content-type']));
    if (!requestBody?.content) out.push({ where: 'request', operation: id, message: 'body: the contract documents no body for this operation' });
    else if (!documented(requestBody.content, type))
      out.push({
        where: 'request',
        operation: id,
        message: `content-type '${type || '(none)'}' is not one the contract accepts (${Object.keys(requestBody.content).join(', ')})`,
      });
    // A form sent as text is read as the server would, each key as sent.
    if (typeof body === 'string' && type === 'application/x-www-form-urlencoded') body = queryOf({ method: 'GET', path: `?${body}` }).query;
  }
  const result = contract.validator.validateRequest(
    { method: req.method.toLowerCase(), path, query, headers, body: hasBody ? body : undefined } as never,
    operation,
  );
  out.push(...violations(result.errors, 'request', id));
  return out;
}

function isViolation(value: Operation | ContractViolation): value is ContractViolation {
  return 'message' in value && !('operationId' in value);
}

/** The status the contract documents for this one (`404`, `4XX` or `default`), or undefined. */
function documentedStatus(operation: Operation, status: number): string | undefined {
  const responses = (operation.responses ?? {}) as Record<string, unknown>;
  return [String(status), `${Math.floor(status / 100)}XX`, 'default'].find((key) => key in responses);
}

/** An answer checked against the contract: a documented status, its media type, body and headers. */
export function checkResponse(contract: Contract, req: ContractRequest, res: ContractResponse): ContractViolation[] {
  const { path } = queryOf(req);
  const matched = matchOperation(contract, req.method, path);
  if (isViolation(matched)) return [{ ...matched, where: 'response' }];
  const operation = matched;
  const id = operation.operationId!;
  const responses = (operation.responses ?? {}) as Record<string, { content?: MediaTypes; headers?: Record<string, { required?: boolean }> }>;
  const key = documentedStatus(operation, res.status);
  if (!key) return [{ where: 'response', operation: id, message: `status ${res.status} is not documented (documented: ${Object.keys(responses).join(', ')})` }];
  const documentedResponse = responses[key]!;
  const headers = lowerHeaders(res.headers);
  const out: ContractViolation[] = [];
  const type = mediaType(firstValue(headers['content-type']));
  const hasBody = res.body !== undefined && res.body !== '';
  if (hasBody && documentedResponse.content && !documented(documentedResponse.content, type))
    out.push({
      where: 'response',
      operation: id,
      message: `status ${res.status}: content-type '${type || '(none)'}' is not documented (${Object.keys(documentedResponse.content).join(', ')})`,
    });
  // HTTP itself (RFC 9110 §15.3.5): a 204 has no content, whatever the contract says of it.
  if (res.status === 204 && hasBody) out.push({ where: 'response', operation: id, message: 'status 204: a 204 answer carries no body' });
  else if (isJson(type)) {
    const checked = contract.validator.validateResponse(res.body, operation, res.status);
    out.push(...violations(checked.errors, 'response', id).map((v) => ({ ...v, message: `status ${res.status}: ${v.message}` })));
  }
  const checkedHeaders = contract.validator.validateResponseHeaders(headers, operation, { statusCode: res.status, setMatchType: 'any' as never });
  out.push(
    ...violations(checkedHeaders.errors, 'response', id).map((v) => ({
      ...v,
      message: `status ${res.status}: ${v.message.replace(/^body\.headers\.?/, 'header ')}`,
    })),
  );
  for (const [name, header] of Object.entries(documentedResponse.headers ?? {})) {
    if (header?.required && headers[name.toLowerCase()] === undefined)
      out.push({ where: 'response', operation: id, message: `status ${res.status}: header '${name}' is required by the contract, missing` });
  }
  return out;
}
