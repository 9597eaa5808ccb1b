import type { Transaction } from 'firebase-admin/firestore';
import {
  AI_CONVERSATION_COLLECTION,
  AI_CONVERSATION_MAX_ENTRIES,
  PROJECT_COLLECTION,
  aiConversationEntrySchema,
  aiDocumentKey,
  latestOperatorRequest,
  type AiConversationEntry,
  type AiDocument,
  type ProposalResult,
} from '@console/shared';
import { firestore } from '../lib/admin.js';
import { ApiError } from '../lib/api-error.js';
import type { AiCaller } from './client.js';

/**
 * The stored conversations of the assistant (shared/src/ai/conversation-record.ts): written here
 * only, in transactions (one operator's rounds follow each other, so they never contend). A
 * conversation belongs to its document and to the operator who started it: another operator, or
 * another document, starts a conversation of its own.
 */

const conversations = (project: string) => firestore.collection(PROJECT_COLLECTION).doc(project).collection(AI_CONVERSATION_COLLECTION);

const nowIso = () => new Date().toISOString();

/** An entry as stored: the time is the server's. */
type NewEntry = AiConversationEntry extends infer E ? (E extends { at: string } ? Omit<E, 'at'> : never) : never;

interface Stored {
  documentKey: string;
  uid: string;
  entries: AiConversationEntry[];
  nextProposal: number;
}

function parseStored(data: Partial<Stored> | undefined): Stored | null {
  if (!data) return null;
  const entries = (Array.isArray(data.entries) ? data.entries : []).flatMap((e) => {
    const parsed = aiConversationEntrySchema.safeParse(e);
    return parsed.success ? [parsed.data] : [];
  });
  return { documentKey: String(data.documentKey ?? ''), uid: String(data.uid ?? ''), entries, nextProposal: Number(data.nextProposal ?? 1) };
}

async function readStored(tx: Transaction, ref: FirebaseFirestore.DocumentReference): Promise<Stored | null> {
  return parseStored((await tx.get(ref)).data() as Partial<Stored> | undefined);
}

/** The caller's conversation about this document, or a 403 (a conversation is read back only by its owner's requests). */
function ownConversation(stored: Stored | null, caller: AiCaller, document: AiDocument): Stored {
  if (!stored) throw new ApiError(404, 'Conversa não encontrada.');
  if (stored.uid !== caller.uid || stored.documentKey !== aiDocumentKey(document))
    throw new ApiError(403, 'Esta conversa é de outro operador ou de outro documento.');
  return stored;
}

/**
 * Keeps the operator's request: in `conversation` when it is the caller's about this document and
 * has room, else in a new conversation. Answers the conversation's id.
 */
export async function keepOperatorRequest(project: string, caller: AiCaller, document: AiDocument, conversation: string | null, text: string): Promise<string> {
  const entry: AiConversationEntry = { kind: 'operator', text, at: nowIso(), uid: caller.uid, email: caller.email };
  return firestore.runTransaction(async (tx) => {
    if (conversation) {
      const ref = conversations(project).doc(conversation);
      const stored = await readStored(tx, ref);
      if (stored && stored.uid === caller.uid && stored.documentKey === aiDocumentKey(document) && stored.entries.length < AI_CONVERSATION_MAX_ENTRIES) {
        tx.update(ref, { entries: [...stored.entries, entry], updatedAtIso: entry.at });
        return conversation;
      }
    }
    const ref = conversations(project).doc();
    tx.create(ref, {
      document: { collection: document.collection, id: document.id },
      documentKey: aiDocumentKey(document),
      uid: caller.uid,
      email: caller.email,
      startedAtIso: entry.at,
      updatedAtIso: entry.at,
      entries: [entry],
      nextProposal: 1,
    });
    return ref.id;
  });
}

/** Appends what the operator read after the request (answers, refusals, errors). */
export async function keepEntries(project: string, caller: AiCaller, document: AiDocument, conversation: string, entries: NewEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const at = nowIso();
  await firestore.runTransaction(async (tx) => {
    const ref = conversations(project).doc(conversation);
    const stored = ownConversation(await readStored(tx, ref), caller, document);
    tx.update(ref, { entries: [...stored.entries, ...entries.map((e) => ({ ...e, at }))], updatedAtIso: at });
  });
}

/** The operator's latest request in the caller's conversation: what the proposal check reads. */
export async function storedOperatorRequest(project: string, caller: AiCaller, document: AiDocument, conversation: string): Promise<string> {
  const stored = parseStored((await conversations(project).doc(conversation).get()).data() as Partial<Stored> | undefined);
  return latestOperatorRequest(ownConversation(stored, caller, document).entries);
}

/** Keeps a checked proposal (every field pending); answers its number in the conversation. */
export async function keepProposal(
  project: string,
  caller: AiCaller,
  document: AiDocument,
  conversation: string,
  proposal: ProposalResult['proposal'],
): Promise<number> {
  const at = nowIso();
  return firestore.runTransaction(async (tx) => {
    const ref = conversations(project).doc(conversation);
    const stored = ownConversation(await readStored(tx, ref), caller, document);
    const id = stored.nextProposal;
    const entry: AiConversationEntry = {
      kind: 'proposal',
      id,
      at,
      fields: proposal.changes.map((c) => ({ ...c, value: c.value ?? null, status: 'pending' as const, decidedAt: null, decidedBy: null })),
      rejected: proposal.rejected,
    };
    tx.update(ref, { entries: [...stored.entries, entry], nextProposal: id + 1, updatedAtIso: at });
    return id;
  });
}

/** The operator's decision on one pending field of a proposal (a decided field stays as it was). */
export async function keepDecision(
  project: string,
  caller: AiCaller,
  conversation: string,
  proposal: number,
  field: string,
  status: 'accepted' | 'rejected',
): Promise<void> {
  const at = nowIso();
  await firestore.runTransaction(async (tx) => {
    const ref = conversations(project).doc(conversation);
    const stored = await readStored(tx, ref);
    if (!stored) throw new ApiError(404, 'Conversa não encontrada.');
    if (stored.uid !== caller.uid) throw new ApiError(403, 'Esta conversa é de outro operador.');
    let found = false;
    const entries = stored.entries.map((entry) => {
      if (entry.kind !== 'proposal' || entry.id !== proposal) return entry;
      return {
        ...entry,
        fields: entry.fields.map((f) => {
          if (f.field !== field) return f;
          found = true;
          return f.status === 'pending' ? { ...f, status, decidedAt: at, decidedBy: caller.email ?? caller.uid } : f;
        }),
      };
    });
    if (!found) throw new ApiError(404, 'Campo proposto não encontrado nesta conversa.');
    tx.update(ref, { entries, updatedAtIso: at });
  });
}
