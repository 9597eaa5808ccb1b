import type { WriteBatch } from 'firebase-admin/firestore';
import type OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { ApiError } from '../lib/api-error.js';
import { OPENAI_RETRY } from '../lib/vendor-http.js';
import { openAiApiKey, openAiBaseUrl, openAiModel, openAiTimeoutSeconds } from '../config.js';
import { checkBudget, recordUsage, type UsageOutcome } from './usage.js';

/**
 * The OpenAI client (the official `openai` package, 6.x: the last line that runs on Node 20),
 * pointed at OPENAI_BASE_URL (the sandbox locally). The SDK keeps its own transport: it retries
 * 408/409/429/5xx and timeouts, honouring Retry-After up to 60 s, as many times as the vendor HTTP
 * layer's OPENAI_RETRY says (lib/vendor-http/README.md); the timeout of a try is the
 * OPENAI_TIMEOUT_SECONDS param. One client per key and base URL.
 */
let cached: { key: string; baseURL: string; timeout: number; client: OpenAI } | null = null;

/**
 * The package, imported on the first model call rather than when a Functions worker starts (most
 * requests never call a model; the emulator starts a worker per concurrent request).
 */
let sdk: typeof import('openai') | null = null;

async function openaiClient(): Promise<OpenAI> {
  const key = openAiApiKey();
  const baseURL = openAiBaseUrl();
  const timeout = openAiTimeoutSeconds() * 1000;
  if (!key) throw new ApiError(503, 'OpenAI: chave de API não configurada (OPENAI_API_KEY).');
  if (!cached || cached.key !== key || cached.baseURL !== baseURL || cached.timeout !== timeout) {
    sdk ??= await import('openai');
    cached = { key, baseURL, timeout, client: new sdk.default({ apiKey: key, baseURL, timeout, maxRetries: OPENAI_RETRY.retries }) };
  }
  return cached.client;
}

export const openaiModel = () => openAiModel();

/** Who asked, for the usage record and the budget. */
export interface AiCaller {
  uid: string;
  email: string | null;
}

export interface ModelCall {
  project: string;
  caller: AiCaller;
  /** 'assistant' or 'product-text:{kind}'. */
  purpose: string;
  params: Omit<ChatCompletionCreateParamsNonStreaming, 'model'>;
  /** The caller already checked the budget (beside its other reads, to save a round trip). */
  budgetChecked?: boolean;
  /** The browser went away (its stop button): the call, and its retries, stop. */
  signal?: AbortSignal | null;
}

/** Tries of one call: the first and the client's retries (maxRetries above). */
export const MODEL_TRIES = OPENAI_RETRY.retries + 1;

/** The operator stopped waiting: nothing is answered to anyone, but the usage record says so. */
export const MODEL_ABORTED_MESSAGE = 'Resposta interrompida pelo operador.';

function outcomeOf(completion: ChatCompletion): UsageOutcome {
  const choice = completion.choices[0];
  if (!choice) return 'error';
  if (choice.message.refusal) return 'refusal';
  if (choice.finish_reason === 'length' || choice.finish_reason === 'content_filter') return choice.finish_reason;
  return choice.finish_reason === 'tool_calls' ? 'tool_call' : 'ok';
}

/**
 * A timeout as it happened: the client tries MODEL_TRIES times, each up to the timeout, so the
 * operator waited the whole elapsed time, not one timeout.
 */
export const timeoutMessage = (elapsedMs: number, tries: number, timeoutSeconds: number) =>
  `OpenAI: sem resposta do modelo após ${Math.round(elapsedMs / 1000)} s (${tries} tentativas de até ${timeoutSeconds} s cada). Tente novamente em instantes.`;

/** An OpenAI failure as the operator reads it (the upstream named, as the sync errors do). */
function openaiFailure(error: unknown, elapsedMs: number): ApiError {
  if (error instanceof ApiError) return error;
  // Without the package loaded no client ran, so nothing can be one of its errors.
  const OpenAI = sdk?.default;
  if (!OpenAI) return new ApiError(502, 'OpenAI: resposta inválida.');
  // 499: the client closed the request (nginx's code); nobody reads this answer.
  if (error instanceof OpenAI.APIUserAbortError) return new ApiError(499, MODEL_ABORTED_MESSAGE);
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new ApiError(504, timeoutMessage(elapsedMs, MODEL_TRIES, openAiTimeoutSeconds()));
  if (error instanceof OpenAI.APIConnectionError) return new ApiError(502, 'OpenAI: não foi possível conectar ao serviço.');
  if (error instanceof OpenAI.APIError) {
    const status = error.status ?? 0;
    if (status === 429) {
      const quota = (error.code ?? '') === 'insufficient_quota';
      return new ApiError(503, quota ? 'OpenAI: cota da conta esgotada.' : 'OpenAI: limite de requisições excedido. Tente novamente em instantes.');
    }
    if (status === 401 || status === 403) return new ApiError(502, 'OpenAI: chave de API recusada.');
    if (status >= 500) return new ApiError(502, `OpenAI: erro no servidor (HTTP ${status}).`);
    return new ApiError(502, `OpenAI: requisição recusada (HTTP ${status}).`);
  }
  return new ApiError(502, 'OpenAI: resposta inválida.');
}

/**
 * One model call: the project's monthly budget checked first, then the call, then its usage
 * record (user, project, model, tokens in and out, latency, outcome) — failures recorded too.
 */
export async function callModel(call: ModelCall): Promise<ChatCompletion> {
  const { completion, record } = await startModelCall(call);
  await record();
  return completion;
}

/**
 * As callModel, but answers once the model has, with its usage record not yet written: the
 * caller must await `record` (before answering, failures included), which writes the record in
 * one batch with the caller's own writes. A failed call is recorded before it throws.
 */
export async function startModelCall({
  project,
  caller,
  purpose,
  params,
  budgetChecked = false,
  signal = null,
}: ModelCall): Promise<{ completion: ChatCompletion; record: (alongside?: (batch: WriteBatch) => void) => Promise<void> }> {
  if (!budgetChecked) await checkBudget(project);
  const model = openaiModel();
  const started = Date.now();
  let completion: ChatCompletion;
  try {
    completion = await (await openaiClient()).chat.completions.create({ ...params, model }, signal ? { signal } : undefined);
  } catch (error) {
    const failure = openaiFailure(error, Date.now() - started);
    await recordUsage({
      project,
      caller,
      purpose,
      model,
      tokensIn: 0,
      tokensOut: 0,
      latencyMs: Date.now() - started,
      outcome: failure.status === 504 ? 'timeout' : failure.status === 499 ? 'aborted' : 'error',
      error: failure.message,
    });
    throw failure;
  }
  const usage = {
    project,
    caller,
    purpose,
    model: completion.model || model,
    tokensIn: completion.usage?.prompt_tokens ?? 0,
    tokensOut: completion.usage?.completion_tokens ?? 0,
    latencyMs: Date.now() - started,
    outcome: outcomeOf(completion),
  };
  return { completion, record: (alongside) => recordUsage(usage, alongside) };
}
