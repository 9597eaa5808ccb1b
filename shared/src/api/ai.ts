import { z } from 'zod';
import { defineEndpoint } from './contract.js';
import { documentIdSchema } from './document-id.js';
import { aiConversationIdSchema } from '../ai/conversation-record.js';

/**
 * The AI assistant of the document form (document 1 §2 'AI assistant', §7, §8, §9) and the
 * AI-written product texts (the product-openai worker paths). The browser runs the assistant loop:
 * POST …/ai/response answers one model turn (text, refusal or one function call); the browser
 * parses the call's arguments, runs it with POST …/ai/tools and sends the result back, at most
 * AI_MAX_ROUNDS times per operator request. No tool writes: proposals come back to the form.
 */

/** Document 1 §9: AI tool loop maximum 10 iterations (calls to …/ai/response per operator message). */
export const AI_MAX_ROUNDS = 10;

/** Document 1 §8: what the conversation shows, as 'Erro: {message}'. */
export const AI_ERRORS = {
  fetch: 'Erro ao buscar resposta do assistente',
  notOk: 'A resposta do servidor não está OK',
  parseArguments: 'Erro ao analisar argumentos da function_call',
  tool: 'Erro ao chamar a ferramenta',
} as const;
export const aiErrorText = (message: string) => `Erro: ${message}`;

/** The server's refusal of an eleventh round, and the browser's own stop after the tenth. */
export const AI_ROUND_LIMIT_MESSAGE = `O assistente atingiu o limite de ${AI_MAX_ROUNDS} rodadas sem concluir. Reformule o pedido.`;

export const functionCallSchema = z.object({ name: z.string().min(1).max(100), arguments: z.string().max(100_000) });

/** A conversation message in the legacy function-call shape of §7 (mapped to tool calls on the server). */
export const aiMessageSchema = z.discriminatedUnion('role', [
  z.object({ role: z.literal('user'), content: z.string().min(1).max(8000) }),
  z.object({
    role: z.literal('assistant'),
    content: z.string().max(100_000).nullable().default(null),
    function_call: functionCallSchema.nullable().default(null),
    refusal: z.string().max(8000).nullable().default(null),
  }),
  z.object({ role: z.literal('function'), name: z.string().min(1).max(100), content: z.string().max(200_000) }),
]);
export type AiMessage = z.input<typeof aiMessageSchema>;

/** The document the assistant works on: its collection under the project (or `config`) and id. */
export const aiDocumentSchema = z.object({
  collection: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'coleção inválida'),
  id: documentIdSchema,
});
export type AiDocument = z.infer<typeof aiDocumentSchema>;

/**
 * POST /api/console/products/ai/response?project. `project` must be the checked ?project (the
 * server never takes it from elsewhere); `product_schema` is informative: the server uses the
 * collection's own field definitions. `document` names what is being edited.
 */
export const aiResponseRequestSchema = z.object({
  project: z.string().min(1).max(100),
  document: aiDocumentSchema,
  product_data: z.record(z.string(), z.unknown()),
  product_schema: z.array(z.unknown()).max(1000).optional(),
  messages: z.array(aiMessageSchema).min(1).max(80),
  /** The stored conversation this turn continues (ai-conversation/{id}); none or another's starts a new one. */
  conversation: aiConversationIdSchema.nullable().optional(),
});

export const aiAssistantMessageSchema = z.object({
  content: z.string().nullable(),
  function_call: functionCallSchema.nullable(),
  refusal: z.string().nullable(),
});
export type AiAssistantMessage = z.infer<typeof aiAssistantMessageSchema>;

export const aiResponseAnswerSchema = z.object({
  ok: z.boolean(),
  messages: aiAssistantMessageSchema.nullable(),
  error: z.string().nullable(),
  /** The stored conversation the turn was kept in: the browser sends it with the next rounds and tools. */
  conversation: z.string().optional(),
});
export type AiResponseAnswer = z.infer<typeof aiResponseAnswerSchema>;

/** The tools the model may call. Reading tools read the project; propose_field_changes returns a proposal. */
export const AI_TOOL_NAMES = ['get_current_document', 'search_catalogue', 'list_categories', 'get_field_definitions', 'propose_field_changes'] as const;
export type AiToolName = (typeof AI_TOOL_NAMES)[number];

export const searchCatalogueArgumentsSchema = z.object({ query: z.string().trim().min(1).max(200) });
export const proposeFieldChangesArgumentsSchema = z.object({
  changes: z
    .array(z.object({ field: z.string().min(1).max(200), value: z.unknown(), reason: z.string().max(2000).nullable().optional() }))
    .min(1)
    .max(50),
});

/** POST /api/console/products/ai/tools?project: the parsed arguments of one function call. */
export const aiToolsRequestSchema = z.object({
  name: z.string().min(1).max(100),
  arguments: z.record(z.string(), z.unknown()),
  document: aiDocumentSchema,
  /**
   * The stored conversation (…/ai/response answered it): the proposal check reads the operator's
   * latest request from it, never from the browser; the proposal is kept in it.
   */
  conversation: aiConversationIdSchema.nullable().optional(),
});

/** One field the assistant proposes: the value it would store and why (the before is the form's own). */
export const proposedChangeSchema = z.object({
  field: z.string(),
  title: z.string(),
  value: z.unknown(),
  reason: z.string().nullable(),
});
export type ProposedChange = z.infer<typeof proposedChangeSchema>;

export const proposalResultSchema = z.object({
  proposal: z.object({
    /** Its number in the stored conversation (the decision endpoint names it). */
    id: z.number().int().optional(),
    changes: z.array(proposedChangeSchema),
    /** Fields refused by the server (not in the collection, read-only, invalid value, not asked for). */
    rejected: z.array(z.object({ field: z.string(), reason: z.string() })),
  }),
});
export type ProposalResult = z.infer<typeof proposalResultSchema>;

export const aiToolsAnswerSchema = z.object({ ok: z.literal(true), result: z.unknown() });
export type AiToolsAnswer = z.infer<typeof aiToolsAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Product texts: GET /api/firestore/product-openai/{kind}/{code}?project

export const PRODUCT_TEXT_KINDS = ['title', 'description', 'sales', 'badges', 'facets', 'reviews'] as const;
export type ProductTextKind = (typeof PRODUCT_TEXT_KINDS)[number];
/** The combined task of the bulk screen calls these in parallel (document 1 §7). */
export const COMBINED_PRODUCT_TEXT_KINDS = PRODUCT_TEXT_KINDS.slice(0, 5) as readonly ProductTextKind[];

/**
 * Where the texts are stored: project/{project}/product-text/{code}, one field per kind =
 * {value, model, promptVersion, inputHash, generatedAt} — a document of its own beside
 * product-data/{code}, written by the functions only, so a text written does not wake the
 * override trigger of product-data. The store reads it beside product-data/{code}.
 */
export const PRODUCT_TEXT_COLLECTION = 'product-text';

/**
 * The operator's field each text stands in for: an override of that field in the product panel
 * wins (no model call, 'overridden'), and the text never overwrites it.
 */
export const PRODUCT_TEXT_FIELDS: Record<ProductTextKind, string> = {
  title: 'ProductSiteName',
  description: 'ProductDescription',
  sales: 'ProductDescriptionSales',
  badges: 'badges',
  facets: 'facets',
  reviews: 'reviewsSummary',
};

/** Structured output of each text (the model's JSON, parsed with these). */
export const productTextSchemas = {
  title: z.object({ title: z.string().min(3).max(150) }),
  description: z.object({ html: z.string().min(1).max(20_000) }),
  sales: z.object({ html: z.string().min(1).max(10_000) }),
  badges: z.object({ badges: z.array(z.string().min(1).max(40)).min(1).max(6) }),
  facets: z.object({ facets: z.array(z.object({ name: z.string().min(1).max(60), value: z.string().min(1).max(120) })).max(20) }),
  reviews: z.object({ summary: z.string().min(1).max(2000), pros: z.array(z.string().max(200)).max(8), cons: z.array(z.string().max(200)).max(8) }),
} as const;

export const productTextAnswerSchema = z.object({
  ok: z.literal(true),
  kind: z.enum(PRODUCT_TEXT_KINDS),
  code: z.string(),
  /** generated: a model call; unchanged: same inputs as the stored text (no call); overridden: the operator's text stays. */
  status: z.enum(['generated', 'unchanged', 'overridden']),
  value: z.unknown().optional(),
});
export type ProductTextAnswer = z.infer<typeof productTextAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// The descriptors (shared/src/api/contract.ts).

/** One round of the assistant: a model turn (text, refusal or one function call). */
export const consoleProductsAiResponseEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/products/ai/response',
  access: 'project',
  body: aiResponseRequestSchema,
  answer: aiResponseAnswerSchema,
});

/** POST /api/console/products/ai/decision?project: the operator accepted or rejected one proposed field. */
export const aiDecisionRequestSchema = z.object({
  conversation: aiConversationIdSchema,
  proposal: z.number().int().min(1),
  field: z.string().min(1).max(200),
  status: z.enum(['accepted', 'rejected']),
});

/** GET /api/console/ai/usage?project (admins): the project's AI use this month, from the usage ledger. */
export const aiUsageAnswerSchema = z.object({
  month: z.string(),
  tokens: z.number(),
  calls: z.number(),
  budget: z.number(),
  remaining: z.number(),
  byPurpose: z.array(z.object({ purpose: z.string(), calls: z.number(), tokens: z.number() })),
});
export type AiUsageAnswer = z.infer<typeof aiUsageAnswerSchema>;

/** Keeps the operator's decision on one proposed field in the stored conversation. */
export const consoleProductsAiDecisionEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/products/ai/decision',
  access: 'project',
  body: aiDecisionRequestSchema,
  answer: z.object({ ok: z.literal(true) }),
});

export const consoleAiUsageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/console/ai/usage',
  access: 'admin',
  answer: aiUsageAnswerSchema,
  refusal: 'Somente administradores veem o uso de IA do projeto.',
});

/** Runs one tool the assistant called (no tool writes). */
export const consoleProductsAiToolsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/console/products/ai/tools',
  access: 'project',
  body: aiToolsRequestSchema,
  answer: aiToolsAnswerSchema,
});
