import { consoleProductsAiResponseEndpoint, type AiResponseAnswer } from '@console/shared';
import { callModel } from './client.js';
import { keepEntries, keepOperatorRequest } from './conversation-store.js';
import { documentMessage, systemPrompt, toChatMessages } from './conversation.js';
import { documentDefinition, TOOL_DEFINITIONS } from './tools.js';
import { checkBudget, takeUserCall } from './usage.js';
import { ApiError } from '../lib/api-error.js';
import { serve, type Handler } from '../lib/endpoint.js';

/** Completion tokens of one assistant turn. */
const MAX_COMPLETION_TOKENS = 2000;

/**
 * POST /api/console/products/ai/response?project — one round of the assistant (document 1 §7):
 * {project, document, product_data, product_schema, messages} → {ok, messages: {content,
 * function_call, refusal}, error}. The project is the checked ?project (the body's must match).
 * The browser runs the tool calls and comes back, at most AI_MAX_ROUNDS times per operator
 * message: an eleventh round is refused here. A truncated or filtered answer is {ok: false, error}.
 * The conversation is kept (ai-conversation/{id}, shared/src/ai/conversation-record.ts): the
 * operator's request when a turn starts, then what the operator reads (answer, refusal, error);
 * the answer names the conversation, which the browser sends back with the next rounds and tools.
 */
export const handleConsoleProductsAiResponse: Handler<typeof consoleProductsAiResponseEndpoint> = async ({
  body,
  project,
  caller,
  signal,
}): Promise<AiResponseAnswer> => {
  // Every request counts towards the user's limit, refused ones too; the budget is read beside it,
  // while the operator's request is kept. A request refused below still waits for its count (a
  // count left running after the answer may never land) and answers 429 first when over the limit.
  const limits = Promise.all([takeUserCall(caller.uid), checkBudget(project)]);
  limits.catch(() => {}); // awaited below
  const who = { uid: caller.uid, email: caller.email };
  let definition: ReturnType<typeof documentDefinition>;
  let conversation: ReturnType<typeof toChatMessages>;
  let kept: string | null;
  try {
    if (body.project !== project) throw new ApiError(400, 'Requisição inválida: project do corpo difere do projeto da requisição.');
    definition = documentDefinition(project, body.document);
    conversation = toChatMessages(body.messages);
    const last = body.messages.at(-1)!;
    kept = last.role === 'user' ? await keepOperatorRequest(project, who, body.document, body.conversation ?? null, last.content) : (body.conversation ?? null);
  } catch (error) {
    await limits;
    throw error;
  }
  const keep = (entries: Parameters<typeof keepEntries>[4]) => (kept ? keepEntries(project, who, body.document, kept, entries) : Promise.resolve());
  let answer: AiResponseAnswer;
  try {
    await limits;
    answer = await modelTurn(project, who, body, definition.title, conversation, signal);
  } catch (error) {
    if (error instanceof ApiError) await keep([{ kind: 'error', text: error.message }]);
    throw error;
  }
  const message = answer.messages;
  if (!answer.ok) await keep([{ kind: 'error', text: answer.error ?? 'O assistente não respondeu.' }]);
  else if (message?.refusal) await keep([{ kind: 'refusal', text: message.refusal }]);
  else if (message?.content) await keep([{ kind: 'assistant', text: message.content }]);
  return kept ? { ...answer, conversation: kept } : answer;
};

async function modelTurn(
  project: string,
  caller: { uid: string; email: string | null },
  body: Parameters<Handler<typeof consoleProductsAiResponseEndpoint>>[0]['body'],
  title: string,
  conversation: ReturnType<typeof toChatMessages>,
  signal: AbortSignal | null,
): Promise<AiResponseAnswer> {
  const completion = await callModel({
    project,
    caller,
    purpose: 'assistant',
    budgetChecked: true,
    signal,
    params: {
      messages: [
        { role: 'system', content: systemPrompt(body.document, title) },
        { role: 'system', content: documentMessage(body.product_data) },
        ...conversation,
      ],
      tools: TOOL_DEFINITIONS,
      tool_choice: 'auto',
      parallel_tool_calls: false,
      max_completion_tokens: MAX_COMPLETION_TOKENS,
    },
  });
  const choice = completion.choices[0];
  if (!choice) return { ok: false, messages: null, error: 'O assistente não respondeu.' };
  const { message, finish_reason: finish } = choice;
  if (finish === 'content_filter') {
    return { ok: false, messages: null, error: 'A resposta do assistente foi bloqueada pelo filtro de conteúdo.' };
  }
  if (finish === 'length') {
    return { ok: false, messages: null, error: 'A resposta do assistente ficou incompleta (limite de tamanho atingido). Peça algo mais curto.' };
  }
  const call = message.tool_calls?.find((c) => c.type === 'function');
  return {
    ok: true,
    messages: {
      content: message.content ?? null,
      // The browser parses the arguments (they may not be JSON) and runs the tool.
      function_call: call && call.type === 'function' ? { name: call.function.name, arguments: call.function.arguments } : null,
      refusal: message.refusal ?? null,
    },
    error: null,
  };
}

export const consoleProductsAiResponse = serve(consoleProductsAiResponseEndpoint, handleConsoleProductsAiResponse);
