import { Badge, Box, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { collection, limitToLast, onSnapshot, orderBy, query, type Timestamp } from 'firebase/firestore';
import { PROJECT_COLLECTION } from '@console/shared';
import { db } from '../../lib/firestore';
import type { PanelProps } from '../types';

export const CONVERSATION_TEXTS = {
  title: 'Mensagens',
  empty: 'Nenhuma mensagem nesta conversa.',
  button: 'Resposta rápida',
  campaign: (id: string) => `Resposta à campanha ${id}`,
  failed: 'Não foi possível carregar as mensagens.',
} as const;

interface ConversationMessage {
  id: string;
  direction: string;
  kind: string;
  text: string;
  campaignId: string | null;
  createdAt: Date | null;
}

/** The last messages of a conversation (project/{p}/conversation/{id}/message), live: a customer's reply appears as it arrives. */
function useConversationMessages(projectId: string, conversationId: string) {
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'error'; messages: ConversationMessage[] }>({ status: 'loading', messages: [] });
  useEffect(() => {
    setState({ status: 'loading', messages: [] });
    const messages = query(collection(db, PROJECT_COLLECTION, projectId, 'conversation', conversationId, 'message'), orderBy('createdAt'), limitToLast(100));
    return onSnapshot(
      messages,
      (snap) =>
        setState({
          status: 'ready',
          messages: snap.docs.map((d) => {
            const m = d.data();
            return {
              id: d.id,
              direction: String(m.direction ?? 'inbound'),
              kind: String(m.kind ?? 'text'),
              text: String(m.text ?? ''),
              campaignId: typeof m.campaignId === 'string' ? m.campaignId : null,
              createdAt: (m.createdAt as Timestamp | undefined)?.toDate?.() ?? null,
            };
          }),
        }),
      () => setState({ status: 'error', messages: [] }),
    );
  }, [projectId, conversationId]);
  return state;
}

const time = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** A conversation's messages (WhatsApp texts and quick-reply answers), oldest first, as a chat. */
export function ConversationMessages({ projectId, docId }: PanelProps) {
  const { status, messages } = useConversationMessages(projectId, docId);
  if (!docId || docId === 'add') return null;
  return (
    <Box as="section" aria-label={CONVERSATION_TEXTS.title} borderWidth="1px" borderRadius="md" p="4" data-testid="conversation-messages">
      <Text fontWeight="semibold" mb="3">
        {CONVERSATION_TEXTS.title}
      </Text>
      {status === 'error' && <Text color="red.700">{CONVERSATION_TEXTS.failed}</Text>}
      {status === 'ready' && messages.length === 0 && <Text color="fg.muted">{CONVERSATION_TEXTS.empty}</Text>}
      <Stack gap="2" maxH="420px" overflowY="auto">
        {messages.map((m) => (
          <Box
            key={m.id}
            data-testid="conversation-message"
            alignSelf={m.direction === 'outbound' ? 'flex-end' : 'flex-start'}
            bg={m.direction === 'outbound' ? 'green.100' : 'gray.100'}
            borderRadius="lg"
            px="3"
            py="2"
            maxW="80%"
          >
            {m.kind === 'button' && (
              <Badge colorPalette="blue" mb="1">
                {CONVERSATION_TEXTS.button}
              </Badge>
            )}
            <Text whiteSpace="pre-wrap">{m.text}</Text>
            <Text fontSize="xs" color="fg.muted">
              {m.createdAt ? time.format(m.createdAt) : ''}
              {m.campaignId ? ` · ${CONVERSATION_TEXTS.campaign(m.campaignId)}` : ''}
            </Text>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
