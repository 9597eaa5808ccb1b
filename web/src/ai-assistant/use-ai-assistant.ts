import { useCallback, useReducer, useRef } from 'react';
import { consoleProductsAiDecisionEndpoint, runAssistantTurn, type AiDocument, type AiPost, type FieldDefinition } from '@console/shared';
import { auth } from '../lib/firebase';
import { callApi } from '../lib/api';
import { assistantReducer, initialAssistantState, type AssistantState } from './assistant-state';

/** fetch with the signed-in user's ID token; rejects only when the request cannot be made (or is stopped). */
const postWithToken: AiPost = async (path, body, signal) => {
  const user = auth.currentUser;
  if (!user) throw new Error('signed out');
  const token = await user.getIdToken();
  return fetch(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body), signal });
};

export interface AiAssistant {
  state: AssistantState;
  send(text: string): Promise<void>;
  /** Stops the turn under way: the request is aborted (the server stops the model call too). */
  stop(): void;
  decide(proposal: number, field: string, status: 'accepted' | 'rejected'): void;
}

/**
 * The assistant of one open document. `values()` reads the form's current values when a message
 * is sent and when a proposal arrives (its "before"); the state lives as long as the screen keeps
 * the hook (the document stays open); the server keeps the conversation beyond that (history).
 */
export function useAiAssistant({
  project,
  document,
  fields,
  values,
}: {
  project: string;
  document: AiDocument;
  fields: readonly FieldDefinition[];
  values: () => Record<string, unknown>;
}): AiAssistant {
  const [state, dispatch] = useReducer(assistantReducer, initialAssistantState);
  const stateRef = useRef(state);
  stateRef.current = state;
  const context = useRef({ project, document, fields, values });
  context.current = { project, document, fields, values };
  const running = useRef<AbortController | null>(null);

  const send = useCallback(async (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || stateRef.current.busy) return;
    dispatch({ type: 'sent', text: trimmed });
    const { project, document, fields, values } = context.current;
    const controller = new AbortController();
    running.current = controller;
    const turn = await runAssistantTurn(
      stateRef.current.messages,
      trimmed,
      { project, document, productData: values(), productSchema: [...fields], conversation: stateRef.current.conversation, signal: controller.signal },
      postWithToken,
      (event) => {
        if (event.type === 'conversation') dispatch({ type: 'stored', conversation: event.id });
        if (event.type === 'assistant') dispatch({ type: 'answered', content: event.message.content, refusal: event.message.refusal });
        if (event.type === 'proposal')
          dispatch({
            type: 'proposed',
            changes: event.proposal.changes,
            rejected: event.proposal.rejected,
            before: context.current.values(),
            storedId: event.proposal.id ?? null,
          });
      },
    );
    running.current = null;
    dispatch({ type: 'finished', messages: turn.messages, error: turn.error, conversation: turn.conversation });
  }, []);

  const stop = useCallback(() => running.current?.abort(), []);

  const decide = useCallback((proposal: number, field: string, status: 'accepted' | 'rejected') => {
    dispatch({ type: 'decided', proposal, field, status });
    const { conversation, entries } = stateRef.current;
    const entry = entries.find((e) => e.kind === 'proposal' && e.id === proposal);
    const storedId = entry?.kind === 'proposal' ? entry.storedId : null;
    if (!conversation || storedId === null) return;
    // The decision is kept in the stored conversation (history); the form has the value already.
    callApi(consoleProductsAiDecisionEndpoint, {
      project: context.current.project,
      body: { conversation, proposal: storedId, field, status },
    }).catch((error: unknown) => console.error('Falha ao registrar a decisão do assistente', error));
  }, []);

  return { state, send, stop, decide };
}
