import { type AiAssistantMessage, type AiDocument, type AiMessage, type ProposalResult } from '@console/shared';
/**
 * The assistant loop of the browser (document 1 §7, §8, §9): the operator's message goes to
 * …/ai/response; a function call is parsed and run with …/ai/tools and its result sent back, at
 * most AI_MAX_ROUNDS answers per message. Framework-free: `post` is fetch with the ID token, so
 * the same loop runs in the page and in the API tests.
 */
export declare const AI_RESPONSE_PATH = "/api/console/products/ai/response";
export declare const AI_TOOLS_PATH = "/api/console/products/ai/tools";
/** POSTs JSON to the console's API; rejects only when the request could not be made. */
export type AiPost = (path: string, body: unknown) => Promise<{
    ok: boolean;
    status: number;
    json(): Promise<unknown>;
}>;
export interface AssistantContext {
    project: string;
    document: AiDocument;
    /** The form's current values (what the operator sees, unsaved edits included). */
    productData: Record<string, unknown>;
    /** The collection's field definitions, as the form renders them. */
    productSchema?: unknown[];
}
export type AssistantEvent = {
    type: 'assistant';
    message: AiAssistantMessage;
} | {
    type: 'tool';
    name: string;
    result: unknown;
} | {
    type: 'proposal';
    proposal: ProposalResult['proposal'];
};
export interface AssistantTurn {
    /** The conversation to keep: consistent (every function call answered) even after a failure. */
    messages: AiMessage[];
    /** The catalogue's message (without 'Erro: '), when the turn failed. */
    error: string | null;
    rounds: number;
}
/** The operator's own words, for the server's proposal check. */
export declare function operatorRequest(messages: readonly AiMessage[]): string;
export declare function runAssistantTurn(conversation: readonly AiMessage[], text: string, context: AssistantContext, post: AiPost, onEvent?: (event: AssistantEvent) => void): Promise<AssistantTurn>;
