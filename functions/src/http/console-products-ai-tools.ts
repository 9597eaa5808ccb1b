import { consoleProductsAiToolsEndpoint, AI_TOOL_NAMES, type AiToolName, type AiToolsAnswer } from '@console/shared';
import { z } from 'zod';
import { AI_TOOLS } from '../ai/tools.js';
import { ApiError } from '../lib/api-error.js';
import { serve, type Handler } from '../lib/endpoint.js';

/**
 * POST /api/console/products/ai/tools?project — runs one tool the assistant called:
 * {name, arguments, document, operator_request} → {ok: true, result}. Reads only the checked
 * project; no tool writes. `operator_request` is the operator's own messages (the proposal check
 * lets non-text fields through only when the operator named them).
 */
export const handleConsoleProductsAiTools: Handler<typeof consoleProductsAiToolsEndpoint> = async ({ body, project }): Promise<AiToolsAnswer> => {
  if (!(AI_TOOL_NAMES as readonly string[]).includes(body.name)) throw new ApiError(400, `Ferramenta desconhecida: ${body.name}.`);
  const run = AI_TOOLS[body.name as AiToolName];
  try {
    const result = await run({ project, document: body.document, operatorRequest: body.operator_request }, body.arguments);
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
