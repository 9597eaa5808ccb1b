import { useEffect, useState } from 'react';
import { getDocs, limit, orderBy, query, where } from 'firebase/firestore';
import { AI_CONVERSATION_COLLECTION, aiConversationRecordSchema, aiDocumentKey, type AiConversationRecord, type AiDocument } from '@console/shared';
import { projectCollection } from '../lib/firestore-paths';

/** Conversations about one document the panel shows (the latest first). */
export const HISTORY_LIMIT = 10;

export type ConversationHistory = { status: 'loading' } | { status: 'error' } | { status: 'ready'; conversations: (AiConversationRecord & { id: string })[] };

/**
 * The stored conversations about the document (ai-conversation, kept by the functions; members
 * read them), read once when the panel opens: what was asked, proposed, accepted and rejected
 * before, by whom and when. A record of another shape is left out rather than shown wrong.
 */
export function useConversationHistory(project: string, document: AiDocument): ConversationHistory {
  const [history, setHistory] = useState<ConversationHistory>({ status: 'loading' });
  const key = aiDocumentKey(document);
  useEffect(() => {
    let live = true;
    const q = query(
      projectCollection(project, AI_CONVERSATION_COLLECTION),
      where('documentKey', '==', key),
      orderBy('updatedAtIso', 'desc'),
      limit(HISTORY_LIMIT),
    );
    getDocs(q).then(
      (snapshot) => {
        if (!live) return;
        const conversations = snapshot.docs.flatMap((d) => {
          const parsed = aiConversationRecordSchema.safeParse(d.data());
          return parsed.success ? [{ ...parsed.data, id: d.id }] : [];
        });
        setHistory({ status: 'ready', conversations });
      },
      (error: unknown) => {
        console.error('Falha ao carregar o histórico do assistente', error);
        if (live) setHistory({ status: 'error' });
      },
    );
    return () => {
      live = false;
    };
  }, [project, key]);
  return history;
}
