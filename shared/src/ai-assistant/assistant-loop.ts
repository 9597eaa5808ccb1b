import {
  AI_ERRORS,
  AI_MAX_ROUNDS,
  AI_ROUND_LIMIT_MESSAGE,
  consoleProductsAiResponseEndpoint,
  consoleProductsAiToolsEndpoint,
  proposalResultSchema,
  type AiAssistantMessage,
  type AiDocument,
  type AiMessage,
  type ProposalResult,
} from '../api/ai.js';

/**
 * The assistant loop of the browser (document 1 §7, §8, §9): the operator's message goes to
 * …/ai/response; a function call is parsed and run with …/ai/tools and its result sent back, at
 * most AI_MAX_ROUNDS answers per message. Framework-free, in the shared package: `post` is fetch
 * with the ID token, so the same loop runs in the page (web/src/ai-assistant/use-ai-assistant.ts)
 * and in the API tests (test-support/ai.ts). Beside shared/src/ai rather than in it: it calls the
 * endpoints of api/ai.ts, which itself imports ai/, and the folders stay free of circles. The URLs are the endpoint descriptors' and
 * the answers are parsed with their schemas, as callApi does; the loop reads the raw answers itself
 * because each failure has its own message in the conversation (document 1 §8).
 */

export const AI_RESPONSE_PATH = consoleProductsAiResponseEndpoint.path;

/** POSTs JSON to the console's API; rejects only when the request could not be made (or was stopped by `signal`). */
export type AiPost = (path: string, body: unknown, signal?: AbortSignal) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** What the conversation shows when the operator stopped the turn. */
export const AI_STOPPED_MESSAGE = 'Resposta interrompida. Envie uma nova mensagem para continuar.';

export interface AssistantContext {
  project: string;
  document: AiDocument;
  /** The form's current values (what the operator sees, unsaved edits included). */
  productData: Record<string, unknown>;
  /** The collection's field definitions, as the form renders them. */
  productSchema?: unknown[];
  /** The stored conversation the turn continues (the server's id, from the previous turn). */
  conversation?: string | null;
  /** The operator's stop button: the request under way is aborted and the turn ends. */
  signal?: AbortSignal;
}

export type AssistantEvent =
  | { type: 'assistant'; message: AiAssistantMessage }
  | { type: 'tool'; name: string; result: unknown }
  | { type: 'proposal'; proposal: ProposalResult['proposal'] }
  /** The server named the stored conversation (decisions on this turn's proposals go there). */
  | { type: 'conversation'; id: string };

export interface AssistantTurn {
  /** The conversation to keep: consistent (every function call answered) even after a failure. */
  messages: AiMessage[];
  /** The catalogue's message (without 'Erro: '), when the turn failed. */
  error: string | null;
  rounds: number;
  /** The stored conversation the server kept the turn in. */
  conversation: string | null;
}

async function jsonOf(res: { json(): Promise<unknown> }): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

export async function runAssistantTurn(
  conversation: readonly AiMessage[],
  text: string,
  context: AssistantContext,
  post: AiPost,
  onEvent: (event: AssistantEvent) => void = () => {},
): Promise<AssistantTurn> {
  const messages: AiMessage[] = [...conversation, { role: 'user', content: text }];
  let rounds = 0;
  let stored = context.conversation ?? null;
  const { signal } = context;
  const fail = (error: string): AssistantTurn => {
    // A call left without its answer would make the next request invalid: it goes.
    const last = messages.at(-1);
    if (last?.role === 'assistant' && last.function_call) messages.pop();
    return { messages, error: signal?.aborted ? AI_STOPPED_MESSAGE : error, rounds, conversation: stored };
  };

  while (rounds < AI_MAX_ROUNDS) {
    if (signal?.aborted) return fail(AI_STOPPED_MESSAGE);
    rounds += 1;
    let res: Awaited<ReturnType<AiPost>>;
    try {
      res = await post(
        consoleProductsAiResponseEndpoint.url({ project: context.project }),
        {
          project: context.project,
          document: context.document,
          product_data: context.productData,
          product_schema: context.productSchema,
          messages,
          conversation: stored,
        },
        signal,
      );
    } catch {
      return fail(AI_ERRORS.fetch);
    }
    const json = await jsonOf(res);
    const serverError = json && typeof json === 'object' && typeof (json as { error?: unknown }).error === 'string' ? (json as { error: string }).error : null;
    if (!res.ok) return fail(serverError ?? AI_ERRORS.notOk);
    const answer = consoleProductsAiResponseEndpoint.answer.safeParse(json);
    if (!answer.success) return fail(AI_ERRORS.notOk);
    if (answer.data.conversation && answer.data.conversation !== stored) {
      stored = answer.data.conversation;
      onEvent({ type: 'conversation', id: stored });
    }
    if (!answer.data.ok || !answer.data.messages) return fail(answer.data.error ?? AI_ERRORS.notOk);

    const message = answer.data.messages;
    messages.push({ role: 'assistant', content: message.content, function_call: message.function_call, refusal: message.refusal });
    onEvent({ type: 'assistant', message });
    const call = message.function_call;
    if (!call) return { messages, error: null, rounds, conversation: stored };

    let args: unknown;
    try {
      args = JSON.parse(call.arguments);
    } catch {
      return fail(AI_ERRORS.parseArguments);
    }
    if (!args || typeof args !== 'object' || Array.isArray(args)) return fail(AI_ERRORS.parseArguments);

    let result: unknown;
    try {
      const toolRes = await post(
        consoleProductsAiToolsEndpoint.url({ project: context.project }),
        {
          name: call.name,
          arguments: args,
          document: context.document,
          conversation: stored,
        },
        signal,
      );
      const parsed = consoleProductsAiToolsEndpoint.answer.safeParse(await jsonOf(toolRes));
      if (!toolRes.ok || !parsed.success) return fail(AI_ERRORS.tool);
      result = parsed.data.result;
    } catch {
      return fail(AI_ERRORS.tool);
    }
    onEvent({ type: 'tool', name: call.name, result });
    const proposal = proposalResultSchema.safeParse(result);
    if (call.name === 'propose_field_changes' && proposal.success) onEvent({ type: 'proposal', proposal: proposal.data.proposal });
    messages.push({ role: 'function', name: call.name, content: JSON.stringify(result) });
  }
  return fail(AI_ROUND_LIMIT_MESSAGE);
}
