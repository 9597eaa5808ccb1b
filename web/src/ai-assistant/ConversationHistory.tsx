import { Badge, Box, Stack, Text } from '@chakra-ui/react';
import type { AiConversationEntry } from '@console/shared';
import { formatDateTime } from '../lib/format';
import { ASSISTANT_TEXTS } from './constants';
import { fieldComparison, ValueBox } from './ProposalCard';
import type { ConversationHistory as History } from './use-conversation-history';

const when = (iso: string | null) => (iso ? formatDateTime(new Date(iso)) : '');

/** One stored entry, read-only: what the operator read then, and what was decided. */
function HistoryEntry({ entry, isRichText }: { entry: AiConversationEntry; isRichText(field: string): boolean }) {
  switch (entry.kind) {
    case 'operator':
      return (
        <Box alignSelf="flex-end" bg="blue.subtle" borderRadius="md" px="3" py="2" maxW="90%" data-testid="ai-history-operator">
          <Text fontSize="xs" color="fg.muted">
            {ASSISTANT_TEXTS.conversationBy(entry.email ?? entry.uid, when(entry.at))}
          </Text>
          <Text fontSize="sm" whiteSpace="pre-wrap">
            {entry.text}
          </Text>
        </Box>
      );
    case 'assistant':
      return (
        <Box bg="bg.muted" borderRadius="md" px="3" py="2" maxW="90%" data-testid="ai-history-assistant">
          <Text fontSize="sm" whiteSpace="pre-wrap">
            {entry.text}
          </Text>
        </Box>
      );
    case 'refusal':
      return (
        <Text fontSize="sm" bg="orange.subtle" borderRadius="md" px="3" py="2" maxW="90%">
          {ASSISTANT_TEXTS.refusal} {entry.text}
        </Text>
      );
    case 'error':
      return (
        <Text fontSize="sm" color="fg.error">
          {`Erro: ${entry.text}`}
        </Text>
      );
    case 'proposal':
      return (
        <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="ai-history-proposal">
          <Text fontWeight="semibold" fontSize="sm">
            {ASSISTANT_TEXTS.proposal}
          </Text>
          {entry.fields.map((field) => {
            const status =
              field.status === 'accepted' ? ASSISTANT_TEXTS.accepted : field.status === 'rejected' ? ASSISTANT_TEXTS.rejected : ASSISTANT_TEXTS.pending;
            const { afterText } = fieldComparison(null, field.value, isRichText(field.field));
            return (
              <Stack key={field.field} gap="1" data-testid="ai-history-field" data-field={field.field} data-status={field.status}>
                <Text fontSize="sm" fontWeight="medium">
                  {field.title} <Badge colorPalette={field.status === 'accepted' ? 'green' : 'gray'}>{status}</Badge>
                </Text>
                <ValueBox label={ASSISTANT_TEXTS.after} text={afterText} tone="after" />
                {field.status !== 'pending' && (
                  <Text fontSize="xs" color="fg.muted">
                    {ASSISTANT_TEXTS.decidedBy(status, field.decidedBy, when(field.decidedAt))}
                  </Text>
                )}
              </Stack>
            );
          })}
          {entry.rejected.map((r) => (
            <Text key={r.field} fontSize="xs" color="fg.muted">
              {ASSISTANT_TEXTS.notProposed(r.field, r.reason)}
            </Text>
          ))}
        </Stack>
      );
  }
}

/**
 * The document's earlier conversations (stored by the functions), oldest first, above the one
 * under way: who asked what and when, what was proposed, and what was accepted or rejected.
 */
export function ConversationHistory({ history, current, isRichText }: { history: History; current: string | null; isRichText(field: string): boolean }) {
  if (history.status === 'loading')
    return (
      <Text fontSize="sm" color="fg.muted">
        {ASSISTANT_TEXTS.historyLoading}
      </Text>
    );
  if (history.status === 'error')
    return (
      <Text fontSize="sm" color="fg.muted" role="status">
        {ASSISTANT_TEXTS.historyFailed}
      </Text>
    );
  // The conversation under way is shown live below, not twice.
  const earlier = history.conversations.filter((c) => c.id !== current).reverse();
  if (earlier.length === 0) return null;
  return (
    <Stack as="section" aria-label={ASSISTANT_TEXTS.history} gap="3" data-testid="ai-history">
      <Text fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
        {ASSISTANT_TEXTS.history}
      </Text>
      {earlier.map((conversation) => (
        <Stack key={conversation.id} gap="2" opacity={0.9} data-testid="ai-history-conversation">
          {conversation.entries.map((entry, i) => (
            <HistoryEntry key={i} entry={entry} isRichText={isRichText} />
          ))}
        </Stack>
      ))}
      <Box borderBottomWidth="1px" />
    </Stack>
  );
}
