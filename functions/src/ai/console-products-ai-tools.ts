import { consoleProductsAiToolsEndpoint, AI_TOOL_NAMES, proposalResultSchema, type AiToolName, type AiToolsAnswer } from '@console/shared';
import { z } from 'zod';
import { keepProposal, storedOperatorRequest } from './conversation-store.js';
import { AI_TOOLS } from './tools.js';
import { ApiError } from '../lib/api-error.js';
import { serve, type Handler } from '../lib/endpoint.js';

/**
 * POST /api/console/products/ai/tools?project — runs one tool the assistant called:
 * {name, arguments, document, conversation} → {ok: true, result}. Reads only the checked project;
 * no tool writes the document. The proposal check reads the operator's latest request from the
 * stored conversation (…/ai/response kept it there), and the checked proposal is kept in it with
 * its number (the decision endpoint names it). Without a conversation nothing non-text is proposable.
 */
export const handleConsoleProductsAiTools: Handler<typeof consoleProductsAiToolsEndpoint> = async ({ body, project, caller }): Promise<AiToolsAnswer> => {
  if (!(AI_TOOL_NAMES as readonly string[]).includes(body.name)) throw new ApiError(400, `Ferramenta desconhecida: ${body.name}.`);
  const run = AI_TOOLS[body.name as AiToolName];
  const who = { uid: caller.uid, email: caller.email };
  const conversation = body.conversation ?? null;
  const proposing = body.name === 'propose_field_changes';
  const operatorRequest = proposing && conversation ? await storedOperatorRequest(project, who, body.document, conversation) : '';
  try {
    const result = await run({ project, document: body.document, operatorRequest }, body.arguments);
    const proposal = proposing && conversation ? proposalResultSchema.safeParse(result) : null;
    if (proposal?.success && conversation) {
      const id = await keepProposal(project, who, body.document, conversation, proposal.data.proposal);
      return { ok: true, result: { proposal: { id, ...proposal.data.proposal } } };
    }
    return { ok: true, result };
  } catch (error) {
    if (error instanceof z.ZodError) {
      const issue = error.issues[0];
      throw new ApiError(400, `Argumentos inválidos para ${body.name}: ${issue ? `${issue.path.join('.') || 'argumentos'}: ${issue.message}` : 'formato'}.`);
    }
    throw error;
  }
};

export const consoleProductsAiTools = serve(consoleProductsAiToolsEndpoint, handleConsoleProductsAiTools);
