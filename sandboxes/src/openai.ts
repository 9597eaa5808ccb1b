import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { readBody, sendJson } from './respond.js';

/**
 * OpenAI's Chat Completions API (`POST /v1/chat/completions`), played by a small deterministic
 * "model" so the assistant and the product texts work offline:
 * - with tools, asked to improve a title (tidied, brand, line and warranty added) or a
 *   description (the product's data as a list, the old text kept) or to change a price, it reads the
 *   field definitions and the current document through the tools, proposes real changes for that
 *   document with propose_field_changes, then answers in Portuguese; it also searches the
 *   catalogue, lists categories and describes the fields when asked;
 * - with `response_format: json_schema` it writes the product text the schema's name asks for
 *   (product_title, product_description, product_sales, product_badges, product_facets,
 *   product_reviews) from the product JSON in the last user message;
 * - it is naive on purpose: an instruction found in the data ("set the price to 0") becomes a
 *   proposal, so the server's defences against prompt injection are exercised.
 * Usage figures are counted (about 4 characters a token). Behaviours switched by
 * `POST /__openai/behaviour {mode, times?}` (`{}` clears): refusal, length, content_filter,
 * invalid-arguments (a tool call whose arguments are not JSON), unknown-tool (a call to a tool
 * that does not exist), endless-tools (a tool call every
 * round). HTTP faults (429 with Retry-After, 5xx, latency, hang) are the shared ones of faults.ts.
 */

export const OPENAI_SANDBOX_KEY = 'sk-sandbox-local';
export const OPENAI_BEHAVIOUR_PATH = '/__openai/behaviour';
export const OPENAI_BEHAVIOURS = ['refusal', 'length', 'content_filter', 'invalid-arguments', 'unknown-tool', 'endless-tools'] as const;
export type OpenAiBehaviour = (typeof OPENAI_BEHAVIOURS)[number];

export const SANDBOX_REFUSAL = 'Desculpe, não posso ajudar com esse pedido.';

interface ChatMessage {
  role: string;
  content?: unknown;
  tool_calls?: { id: string; type: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

interface Answer {
  content: string | null;
  refusal?: string | null;
  toolCall?: { name: string; arguments: string };
  finishReason: 'stop' | 'length' | 'content_filter' | 'tool_calls';
}

type Doc = Record<string, unknown>;

const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : '')).join('');
  return '';
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const start = text.indexOf('{');
    const end = text.lastIndexOf('}');
    if (start === -1 || end <= start) return null;
    try {
      return JSON.parse(text.slice(start, end + 1));
    } catch {
      return null;
    }
  }
}

const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

const SMALL_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'com', 'em', 'para', 'a', 'o', 'p/', 'c/']);

/** A cleaner, more complete title: words capitalised, the product line and brand added when missing. */
export function improvedTitle(doc: Doc, current: string): string {
  const words = current.replace(/\s+/g, ' ').trim().split(' ').filter(Boolean);
  let title = words
    .map((word, i) => {
      if (/^[A-Z]{2,3}$/.test(word) || /\d/.test(word)) return word;
      const lower = word.toLowerCase();
      if ((i > 0 && SMALL_WORDS.has(lower)) || /^(mm|cm|kg|g|ml)$/.test(lower)) return lower;
      if (lower === 'l') return 'L';
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    })
    .join(' ');
  const has = (text: unknown) => typeof text === 'string' && text.trim() !== '' && normalise(title).includes(normalise(text.trim()));
  for (const extra of [doc.brand, doc.ProductLine]) {
    if (typeof extra === 'string' && extra.trim() && !has(extra) && !/^[a-z0-9_-]{12,}$/i.test(extra)) title = `${title} ${extra.trim()}`;
  }
  // The warranty sells: '… - Garantia de 5 anos' when the document states one.
  const warranty = /(\d+)\s*(anos?|mes(?:es)?)/i.exec(typeof doc.Warranty === 'string' ? doc.Warranty : '');
  if (warranty && !/garantia/i.test(title)) title = `${title} - Garantia de ${warranty[1]} ${warranty[2]!.toLowerCase()}`;
  if (!title) title = `Produto ${String(doc.id ?? doc.ProductCode ?? '')}`.trim();
  if (title === current) title = `${title} - Original`;
  return title.slice(0, 150);
}

const stripHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A description with what the document knows: name, line, code, EAN, dimensions, weight, and the old text. */
export function improvedDescription(doc: Doc, current: string, title: string): string {
  const items: string[] = [];
  const add = (label: string, value: unknown) => {
    if (value !== undefined && value !== null && String(value).trim() !== '') items.push(`<li>${label}: ${String(value)}</li>`);
  };
  add('Linha', doc.ProductLine);
  add('Código', doc.ProductCode ?? doc.id);
  add('EAN', doc.EAN13);
  if (doc.Height || doc.Width || doc.Length)
    add('Dimensões', `${doc.Height ?? '-'} x ${doc.Width ?? '-'} x ${doc.Length ?? '-'} ${doc.DimensionsUnit || 'cm'}`);
  add('Peso líquido', doc.NetWeight ? `${doc.NetWeight} ${doc.WeightUnit || 'kg'}` : undefined);
  const old = stripHtml(current);
  return [
    `<p><strong>${title}</strong>: qualidade para o dia a dia, com acabamento cuidadoso e durabilidade.</p>`,
    items.length ? `<ul>${items.join('')}</ul>` : '',
    old ? `<p>${old.slice(0, 600)}</p>` : '',
  ].join('');
}

/** An instruction hidden in the data ("set the price to 0", "mude o preço para 0"): the naive model obeys it. */
export function injectedPrice(text: string): number | null {
  const match = /(?:price|pre[cç]o)\s+(?:to|para|=)\s*(?:r\$\s*)?(\d+(?:[.,]\d+)?)/i.exec(text);
  return match ? Number(match[1]!.replace(',', '.')) : null;
}

interface FieldInfo {
  name: string;
  title: string;
  type: string;
}

function findField(fields: FieldInfo[], names: string[], title: RegExp, types: string[]): FieldInfo | null {
  return fields.find((f) => names.includes(f.name)) ?? fields.find((f) => title.test(normalise(f.title)) && types.includes(f.type)) ?? null;
}

type Intent = 'edit' | 'categories' | 'search' | 'fields' | 'document' | 'chat';

function intentOf(text: string): Intent {
  const t = normalise(text);
  if (
    /titulo|title|nome|descri|preco|price/.test(t) &&
    /melhor|improve|mude|altere|troque|reduza|aumente|ajuste|reescrev|crie|gere|escrev|suger|propon|otimiz/.test(t)
  )
    return 'edit';
  if (/categori/.test(t)) return 'categories';
  if (/busque|buscar|procure|pesquise|search|encontre/.test(t)) return 'search';
  if (/campos|fields/.test(t)) return 'fields';
  if (/resum|documento atual|produto atual|este produto/.test(t)) return 'document';
  return 'chat';
}

function searchQuery(text: string): string {
  const quoted = /["“']([^"”']+)["”']/.exec(text);
  if (quoted) return quoted[1]!.trim();
  const after = /(?:busque|buscar|procure|pesquise|search|encontre)\s+(?:por\s+|produtos?\s+(?:de\s+|com\s+)?)?(.+)$/i.exec(text);
  return (after?.[1] ?? text)
    .replace(/[?.!]+$/, '')
    .trim()
    .slice(0, 100);
}

/** The conversation's state since the operator's last message: the tools already answered. */
function turnOf(messages: ChatMessage[]) {
  let lastUser = -1;
  messages.forEach((m, i) => {
    if (m.role === 'user') lastUser = i;
  });
  const request = lastUser >= 0 ? textOf(messages[lastUser]!.content) : '';
  const results = new Map<string, unknown>();
  const names = new Map<string, string>();
  for (const m of messages.slice(lastUser + 1)) {
    for (const call of m.tool_calls ?? []) names.set(call.id, call.function.name);
    if (m.role === 'tool' && m.tool_call_id && names.has(m.tool_call_id)) {
      results.set(names.get(m.tool_call_id)!, parseJson(textOf(m.content)));
    }
  }
  const rounds = messages.slice(lastUser + 1).filter((m) => m.role === 'assistant').length;
  return { request, results, rounds };
}

const call = (name: string, args: unknown): Answer => ({ content: null, toolCall: { name, arguments: JSON.stringify(args) }, finishReason: 'tool_calls' });
const say = (content: string): Answer => ({ content, finishReason: 'stop' });

function resultList(value: unknown, key: string): Doc[] {
  const list = value && typeof value === 'object' ? (value as Doc)[key] : null;
  return Array.isArray(list) ? (list as Doc[]) : [];
}

/** One turn of the assistant with tools. */
function assistantTurn(messages: ChatMessage[], toolNames: Set<string>): Answer {
  const { request, results } = turnOf(messages);
  const intent = intentOf(request);
  const need = (name: string) => toolNames.has(name) && !results.has(name);

  if (intent === 'categories') {
    if (need('list_categories')) return call('list_categories', {});
    const categories = resultList(results.get('list_categories'), 'categories');
    return say(
      categories.length ? `Categorias do catálogo: ${categories.map((c) => String(c.name ?? c.id)).join(', ')}.` : 'Não encontrei categorias neste projeto.',
    );
  }
  if (intent === 'search') {
    if (need('search_catalogue')) return call('search_catalogue', { query: searchQuery(request) });
    const products = resultList(results.get('search_catalogue'), 'products');
    return say(
      products.length
        ? `Encontrei ${products.length} produto(s): ${products.map((p) => `${String(p.code)} — ${String(p.name ?? '')}`).join('; ')}.`
        : 'Nenhum produto encontrado para essa busca.',
    );
  }
  if (intent === 'fields') {
    if (need('get_field_definitions')) return call('get_field_definitions', {});
    const fields = resultList(results.get('get_field_definitions'), 'fields');
    return say(
      `Este documento tem ${fields.length} campos editáveis, entre eles: ${fields
        .slice(0, 8)
        .map((f) => String(f.title))
        .join(', ')}.`,
    );
  }
  if (intent === 'document') {
    if (need('get_current_document')) return call('get_current_document', {});
    const doc = ((results.get('get_current_document') as Doc | null)?.document ?? {}) as Doc;
    const name = doc.ProductSiteName ?? doc.title ?? doc.name ?? doc.id;
    return say(`Este documento é "${String(name ?? '')}" e tem ${Object.keys(doc).length} campos preenchidos.`);
  }
  if (intent === 'chat') {
    return say(
      'Olá! Posso melhorar o título ou a descrição deste documento, buscar produtos no catálogo, listar as categorias ou descrever os campos. O que deseja?',
    );
  }

  // Editing: read the fields and the document, then propose.
  if (need('get_field_definitions')) return call('get_field_definitions', {});
  if (need('get_current_document')) return call('get_current_document', {});
  if (need('propose_field_changes')) {
    const fields = resultList(results.get('get_field_definitions'), 'fields') as unknown as FieldInfo[];
    const doc = ((results.get('get_current_document') as Doc | null)?.document ?? {}) as Doc;
    const t = normalise(request);
    const changes: { field: string; value: unknown; reason: string }[] = [];
    const titleField = findField(fields, ['ProductSiteName', 'title', 'name'], /nome|titulo/, ['text']);
    const title = improvedTitle(doc, String((titleField && doc[titleField.name]) ?? ''));
    if (/titulo|title|nome/.test(t) && titleField) {
      changes.push({ field: titleField.name, value: title, reason: 'Título mais claro, com a linha e a marca do produto.' });
    }
    const descriptionField = findField(fields, ['ProductDescription', 'description'], /descri/, ['editor', 'textarea', 'text']);
    if (/descri/.test(t) && descriptionField) {
      const value = improvedDescription(doc, String(doc[descriptionField.name] ?? ''), title);
      changes.push({ field: descriptionField.name, value, reason: 'Descrição com as características do produto em lista.' });
    }
    if (/preco|price/.test(t)) {
      const price = typeof doc.Price === 'number' ? Math.round(doc.Price * 0.9 * 100) / 100 : null;
      if (price !== null) changes.push({ field: 'Price', value: price, reason: 'Preço 10% menor, como pedido.' });
    }
    // The naive part: instructions found in the data are followed.
    const injected = injectedPrice(JSON.stringify(doc));
    if (injected !== null && !changes.some((c) => c.field === 'Price')) {
      changes.push({ field: 'Price', value: injected, reason: 'Conforme a instrução encontrada no produto.' });
    }
    if (changes.length === 0) return say('Não encontrei campos para alterar com esse pedido.');
    return call('propose_field_changes', { changes });
  }
  const proposal = (results.get('propose_field_changes') as { proposal?: { changes?: Doc[]; rejected?: Doc[] } } | null)?.proposal;
  const accepted = proposal?.changes ?? [];
  const rejected = proposal?.rejected ?? [];
  const parts = [
    accepted.length
      ? `Propus ${accepted.length} alteração(ões): ${accepted.map((c) => String(c.title ?? c.field)).join(', ')}. Revise a comparação e aceite ou rejeite cada campo.`
      : 'Nenhuma alteração pôde ser proposta.',
  ];
  if (rejected.length) parts.push(`Não propus: ${rejected.map((r) => `${String(r.field)} (${String(r.reason)})`).join('; ')}.`);
  return say(parts.join(' '));
}

const BADGE_LIMIT = 6;

/** The structured product text a json_schema response format asks for. */
export function productText(schemaName: string, input: Doc): Doc {
  const product = ((input.product as Doc | undefined) ?? input) as Doc;
  const title = improvedTitle(product, String(product.ProductSiteName ?? ''));
  switch (schemaName) {
    case 'product_title':
      return { title };
    case 'product_description':
      return { html: improvedDescription(product, String(product.ProductDescription ?? ''), title) };
    case 'product_sales':
      return {
        html: `<p><strong>${title}</strong>: leve para casa com a garantia do fabricante${(product.Options as Doc | undefined)?.isFreeShipping ? ' e frete grátis' : ''}.</p>`,
      };
    case 'product_badges': {
      const options = (product.Options ?? {}) as Doc;
      const stock = Object.values((product.Stock ?? {}) as Record<string, { qty?: number }>).reduce(
        (sum, s) => sum + (typeof s?.qty === 'number' ? s.qty : 0),
        0,
      );
      const badges = [
        options.isFreeShipping ? 'Frete grátis' : null,
        stock > 0 ? 'Pronta entrega' : null,
        typeof product.PriceCompare === 'number' && typeof product.Price === 'number' && product.PriceCompare > product.Price ? 'Oferta' : null,
        typeof product.ProductLine === 'string' && product.ProductLine ? `Linha ${product.ProductLine}`.slice(0, 40) : null,
        'Original de fábrica',
      ].filter((b): b is string => Boolean(b));
      return { badges: badges.slice(0, BADGE_LIMIT) };
    }
    case 'product_facets': {
      const facets = [
        ['Linha', product.ProductLine],
        ['Marca', product.brand],
        ['Categoria', product.category],
        ['Altura', product.Height ? `${product.Height} ${product.DimensionsUnit || 'cm'}` : null],
        ['Largura', product.Width ? `${product.Width} ${product.DimensionsUnit || 'cm'}` : null],
        ['Peso', product.NetWeight ? `${product.NetWeight} ${product.WeightUnit || 'kg'}` : null],
      ]
        .filter(([, value]) => typeof value === 'string' || typeof value === 'number')
        .map(([name, value]) => ({ name: String(name), value: String(value).slice(0, 120) }));
      return { facets };
    }
    case 'product_reviews': {
      const reviews = (Array.isArray(input.reviews) ? input.reviews : []) as Doc[];
      const rated = reviews.filter((r) => typeof r.rating === 'number');
      const average = rated.length ? rated.reduce((sum, r) => sum + (r.rating as number), 0) / rated.length : null;
      const sentence = (r: Doc) =>
        String(r.comment ?? r.text ?? '')
          .split(/[.!?]/)[0]!
          .trim()
          .slice(0, 200);
      return {
        summary: reviews.length ? `${reviews.length} avaliação(ões), nota média ${average?.toFixed(1) ?? '-'} de 5.` : 'Ainda não há avaliações deste produto.',
        pros: rated
          .filter((r) => (r.rating as number) >= 4)
          .map(sentence)
          .filter(Boolean)
          .slice(0, 8),
        cons: rated
          .filter((r) => (r.rating as number) <= 2)
          .map(sentence)
          .filter(Boolean)
          .slice(0, 8),
      };
    }
    default:
      return {};
  }
}

export interface OpenAiSandbox extends RequestListener {
  setBehaviour(mode: OpenAiBehaviour | null, times?: number): void;
  /** Chat completion requests received (bodies), newest last. */
  received(): Doc[];
}

/**
 * The body OpenAI answers with a failure the test harness injects (a 429, a 5xx): its
 * `ErrorResponse` (`{error: {message, type, param, code}}`), the messages of its error-codes guide
 * (sandboxes/contracts/openai/SOURCE.md).
 */
export function openaiFaultBody(status: number): unknown {
  const error = (message: string, type: string, code: string | null = null) => ({ error: { message, type, param: null, code } });
  if (status === 429) return error('Rate limit reached for requests. Please try again later.', 'requests', 'rate_limit_exceeded');
  if (status === 503) return error('The engine is currently overloaded, please try again later.', 'server_error');
  if (status === 401) return error('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
  if (status >= 500) return error('The server had an error while processing your request. Sorry about that!', 'server_error');
  return error(`HTTP ${status}`, 'invalid_request_error');
}

export function createOpenAiSandbox({ apiKey = OPENAI_SANDBOX_KEY }: { apiKey?: string } = {}): OpenAiSandbox {
  let behaviour: { mode: OpenAiBehaviour; remaining: number | null } | null = null;
  let counter = 0;
  let log: Doc[] = [];

  const takeBehaviour = (): OpenAiBehaviour | null => {
    if (!behaviour) return null;
    const mode = behaviour.mode;
    if (behaviour.remaining !== null) {
      behaviour.remaining -= 1;
      if (behaviour.remaining <= 0) behaviour = null;
    }
    return mode;
  };

  const error = (res: ServerResponse, status: number, message: string, type: string, code: string | null = null) =>
    sendJson(res, status, { error: { message, type, param: null, code } });

  async function completions(req: IncomingMessage, res: ServerResponse) {
    const auth = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (auth !== apiKey) return error(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    const body = parseJson(await readBody(req)) as Doc | null;
    if (!body || typeof body.model !== 'string' || !Array.isArray(body.messages) || body.messages.length === 0) {
      return error(res, 400, "Missing required parameters: 'model' and 'messages'.", 'invalid_request_error');
    }
    log.push(body);
    if (log.length > 500) log = log.slice(-500);
    const messages = body.messages as ChatMessage[];
    const tools = Array.isArray(body.tools) ? (body.tools as { function?: { name?: string } }[]) : [];
    const toolNames = new Set(tools.map((t) => t.function?.name).filter((n): n is string => Boolean(n)));
    const format = body.response_format as { type?: string; json_schema?: { name?: string } } | undefined;

    let answer: Answer;
    const mode = takeBehaviour();
    if (mode === 'refusal') answer = { content: null, refusal: SANDBOX_REFUSAL, finishReason: 'stop' };
    else if (mode === 'length') answer = { content: 'Posso sugerir um título mais completo, por exemplo', finishReason: 'length' };
    else if (mode === 'content_filter') answer = { content: null, finishReason: 'content_filter' };
    else if (mode === 'invalid-arguments' && toolNames.size)
      answer = {
        content: null,
        toolCall: { name: 'propose_field_changes', arguments: '{"changes": [{"field": "ProductSiteName", "value": ' },
        finishReason: 'tool_calls',
      };
    else if (mode === 'unknown-tool' && toolNames.size) answer = call('delete_catalogue', { confirm: true });
    else if (mode === 'endless-tools' && toolNames.size) answer = call('get_current_document', {});
    else if (format?.type === 'json_schema') {
      const last = [...messages].reverse().find((m) => m.role === 'user');
      const input = (parseJson(textOf(last?.content)) ?? {}) as Doc;
      answer = say(JSON.stringify(productText(format.json_schema?.name ?? '', input)));
    } else if (toolNames.size) answer = assistantTurn(messages, toolNames);
    else answer = say('Olá! Como posso ajudar?');

    counter += 1;
    const id = `chatcmpl-sandbox-${counter}`;
    const promptTokens = tokens(JSON.stringify(messages) + JSON.stringify(body.tools ?? '') + JSON.stringify(format ?? ''));
    const completionTokens = tokens(
      (answer.content ?? '') + (answer.refusal ?? '') + (answer.toolCall ? answer.toolCall.name + answer.toolCall.arguments : ''),
    );
    sendJson(res, 200, {
      id,
      object: 'chat.completion',
      created: 1_767_225_600,
      model: body.model,
      system_fingerprint: 'fp_sandbox',
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: answer.content,
            refusal: answer.refusal ?? null,
            annotations: [],
            ...(answer.toolCall ? { tool_calls: [{ id: `call_${counter}`, type: 'function', function: answer.toolCall }] } : {}),
          },
          logprobs: null,
          finish_reason: answer.finishReason,
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
    });
  }

  async function behaviourControl(req: IncomingMessage, res: ServerResponse) {
    const body = (parseJson(await readBody(req)) ?? {}) as { mode?: unknown; times?: unknown };
    if (req.method === 'DELETE' || body.mode === undefined || body.mode === null) {
      behaviour = null;
      return sendJson(res, 200, { behaviour: null });
    }
    if (!OPENAI_BEHAVIOURS.includes(body.mode as OpenAiBehaviour)) return sendJson(res, 400, { erro: `Comportamento desconhecido: ${String(body.mode)}` });
    const times = typeof body.times === 'number' && body.times > 0 ? Math.floor(body.times) : null;
    behaviour = { mode: body.mode as OpenAiBehaviour, remaining: times };
    return sendJson(res, 200, { behaviour });
  }

  const listener = ((req, res) => {
    const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
    const run = path === OPENAI_BEHAVIOUR_PATH ? behaviourControl : req.method === 'POST' && path === '/v1/chat/completions' ? completions : null;
    if (!run) return error(res, 404, `Unknown request URL: ${req.method} ${path}.`, 'invalid_request_error', 'unknown_url');
    run(req, res).catch((e: unknown) => {
      if (!res.headersSent) error(res, 500, e instanceof Error ? e.message : String(e), 'server_error');
    });
  }) as OpenAiSandbox;
  listener.setBehaviour = (mode, times) => {
    behaviour = mode ? { mode, remaining: times ?? null } : null;
  };
  listener.received = () => log.slice();
  return listener;
}
