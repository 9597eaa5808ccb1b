import { useCallback, useReducer, useRef } from 'react';
import type { AiDocument, FieldDefinition } from '@console/shared';
import { auth } from '../lib/firebase';
import { runAssistantTurn, type AiPost } from './assistant-loop';
import { assistantReducer, initialAssistantState, type AssistantState } from './assistant-state';

/** fetch with the signed-in user's ID token; rejects only when the request cannot be made. */
const postWithToken: AiPost = async (path, body) => {
  const user = auth.currentUser;
  if (!user) throw new Error('signed out');
  const token = await user.getIdToken();
  return fetch(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
};

export interface AiAssistant {
  state: AssistantState;
  send(text: string): Promise<void>;
  decide(proposal: number, field: string, status: 'accepted' | 'rejected'): void;
}

/**
 * The assistant of one open document. `values()` reads the form's current values when a message
 * is sent and when a proposal arrives (its "before"); the state lives as long as the screen keeps
 * the hook (the document stays open).
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

  const send = useCallback(async (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || stateRef.current.busy) return;
    dispatch({ type: 'sent', text: trimmed });
    const { project, document, fields, values } = context.current;
    const turn = await runAssistantTurn(
      stateRef.current.messages,
      trimmed,
      { project, document, productData: values(), productSchema: [...fields] },
      postWithToken,
      (event) => {
        if (event.type === 'assistant') dispatch({ type: 'answered', content: event.message.content, refusal: event.message.refusal });
        if (event.type === 'proposal')
          dispatch({ type: 'proposed', changes: event.proposal.changes, rejected: event.proposal.rejected, before: context.current.values() });
      },
    );
    dispatch({ type: 'finished', messages: turn.messages, error: turn.error });
  }, []);

  const decide = useCallback((proposal: number, field: string, status: 'accepted' | 'rejected') => dispatch({ type: 'decided', proposal, field, status }), []);
  return { state, send, decide };
}
