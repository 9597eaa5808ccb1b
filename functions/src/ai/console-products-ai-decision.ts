import { consoleProductsAiDecisionEndpoint } from '@console/shared';
import { keepDecision } from './conversation-store.js';
import { serve, type Handler } from '../lib/endpoint.js';

/**
 * POST /api/console/products/ai/decision?project — {conversation, proposal, field, status}: keeps
 * the operator's decision on one proposed field in the stored conversation (the form itself is
 * changed by the browser, as for typing). Only the conversation's operator decides; a field
 * already decided keeps its first decision.
 */
export const handleConsoleProductsAiDecision: Handler<typeof consoleProductsAiDecisionEndpoint> = async ({ body, project, caller }) => {
  await keepDecision(project, { uid: caller.uid, email: caller.email }, body.conversation, body.proposal, body.field, body.status);
  return { ok: true as const };
};

export const consoleProductsAiDecision = serve(consoleProductsAiDecisionEndpoint, handleConsoleProductsAiDecision);
