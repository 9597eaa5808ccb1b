import { z } from 'zod';

/**
 * The assistant's conversations, kept per document (README 'Conversation history' in
 * functions/src/ai): project/{project}/ai-conversation/{id}, one document per conversation,
 * written by the functions only (the response, tools and decision endpoints) and read by the
 * project's members (firestore.rules). Entries are what the operator read: the operator's requests
 * (who, when), the assistant's answers, refusals and errors, and each proposal with the operator's
 * decision per field. The model's own messages (tool calls and results) are not kept.
 */
export const AI_CONVERSATION_COLLECTION = 'ai-conversation';

/** Entries a conversation holds before the next request starts a new one (a document stays far below 1 MiB). */
export const AI_CONVERSATION_MAX_ENTRIES = 200;

/** The document a conversation is about, as one equality key (`collection/id`) for the history query. */
export const aiDocumentKey = (document: { collection: string; id: string }) => `${document.collection}/${document.id}`;

export const aiConversationIdSchema = z.string().regex(/^[A-Za-z0-9]{10,40}$/, 'conversa inválida');

const at = z.string();

export const aiDecisionStatusSchema = z.enum(['pending', 'accepted', 'rejected']);

export const aiConversationEntrySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('operator'), text: z.string(), at, uid: z.string(), email: z.string().nullable() }),
  z.object({ kind: z.literal('assistant'), text: z.string(), at }),
  z.object({ kind: z.literal('refusal'), text: z.string(), at }),
  z.object({ kind: z.literal('error'), text: z.string(), at }),
  z.object({
    kind: z.literal('proposal'),
    id: z.number().int(),
    at,
    fields: z.array(
      z.object({
        field: z.string(),
        title: z.string(),
        value: z.unknown(),
        reason: z.string().nullable(),
        status: aiDecisionStatusSchema,
        decidedAt: z.string().nullable().default(null),
        decidedBy: z.string().nullable().default(null),
      }),
    ),
    rejected: z.array(z.object({ field: z.string(), reason: z.string() })),
  }),
]);
export type AiConversationEntry = z.infer<typeof aiConversationEntrySchema>;

/** A stored conversation as the browser reads it (timestamps as the SDK gives them are dropped for `updatedAtIso`). */
export const aiConversationRecordSchema = z.object({
  document: z.object({ collection: z.string(), id: z.string() }),
  documentKey: z.string(),
  uid: z.string(),
  email: z.string().nullable(),
  startedAtIso: z.string(),
  updatedAtIso: z.string(),
  entries: z.array(aiConversationEntrySchema),
  nextProposal: z.number().int(),
});
export type AiConversationRecord = z.infer<typeof aiConversationRecordSchema>;

/** The operator's latest request in a conversation: what the proposal check reads (operator-intent.ts). */
export function latestOperatorRequest(entries: readonly AiConversationEntry[]): string {
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (entry.kind === 'operator') return entry.text;
  }
  return '';
}
