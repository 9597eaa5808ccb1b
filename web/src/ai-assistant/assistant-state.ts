import { aiErrorText, type AiMessage, type ProposedChange } from '@console/shared';

/**
 * State of the assistant panel: what the conversation shows, the messages the server needs, and
 * the proposals with the operator's decision per field. A pure reducer over a union of actions;
 * the hook runs the loop (shared/src/ai-assistant/assistant-loop.ts) and reports here. Kept while the document is open.
 */

export type ChangeStatus = 'pending' | 'accepted' | 'rejected';

export interface ProposedField extends ProposedChange {
  /** The form's value when the proposal arrived: a different value now is a conflict. */
  before: unknown;
  status: ChangeStatus;
}

export type ConversationEntry =
  | { kind: 'operator'; text: string }
  | { kind: 'assistant'; text: string }
  | { kind: 'refusal'; text: string }
  | { kind: 'error'; text: string }
  | {
      kind: 'proposal';
      id: number;
      /** Its number in the stored conversation (decisions are kept there under it). */
      storedId: number | null;
      fields: ProposedField[];
      rejected: { field: string; reason: string }[];
    };

export interface AssistantState {
  entries: ConversationEntry[];
  messages: AiMessage[];
  busy: boolean;
  nextId: number;
  /** The stored conversation this panel continues (ai-conversation/{id}), once the server named it. */
  conversation: string | null;
}

export const initialAssistantState: AssistantState = { entries: [], messages: [], busy: false, nextId: 1, conversation: null };

export type AssistantAction =
  | { type: 'sent'; text: string }
  | { type: 'answered'; content: string | null; refusal: string | null }
  | { type: 'proposed'; changes: ProposedChange[]; rejected: { field: string; reason: string }[]; before: Record<string, unknown>; storedId?: number | null }
  | { type: 'finished'; messages: AiMessage[]; error: string | null; conversation?: string | null }
  | { type: 'stored'; conversation: string }
  | { type: 'decided'; proposal: number; field: string; status: Exclude<ChangeStatus, 'pending'> };

export function assistantReducer(state: AssistantState, action: AssistantAction): AssistantState {
  switch (action.type) {
    case 'sent':
      return { ...state, busy: true, entries: [...state.entries, { kind: 'operator', text: action.text }] };
    case 'answered': {
      const entries = [...state.entries];
      if (action.refusal) entries.push({ kind: 'refusal', text: action.refusal });
      else if (action.content) entries.push({ kind: 'assistant', text: action.content });
      return { ...state, entries };
    }
    case 'proposed': {
      const fields = action.changes.map((change) => ({ ...change, before: action.before[change.field], status: 'pending' as const }));
      const entry: ConversationEntry = { kind: 'proposal', id: state.nextId, storedId: action.storedId ?? null, fields, rejected: action.rejected };
      return { ...state, entries: [...state.entries, entry], nextId: state.nextId + 1 };
    }
    case 'finished': {
      const entries = action.error ? [...state.entries, { kind: 'error' as const, text: aiErrorText(action.error) }] : state.entries;
      return { ...state, busy: false, messages: action.messages, entries, conversation: action.conversation ?? state.conversation };
    }
    case 'stored':
      return { ...state, conversation: action.conversation };
    case 'decided':
      return {
        ...state,
        entries: state.entries.map((entry) =>
          entry.kind === 'proposal' && entry.id === action.proposal
            ? { ...entry, fields: entry.fields.map((f) => (f.field === action.field && f.status === 'pending' ? { ...f, status: action.status } : f)) }
            : entry,
        ),
      };
  }
}

/** A pending field whose form value is no longer the one the proposal was made against. */
export function isConflict(field: ProposedField, current: unknown, same: (a: unknown, b: unknown) => boolean): boolean {
  return field.status === 'pending' && !same(current, field.before);
}
