import { Box, Button, CloseButton, HStack, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from 'react';
import { sameValue } from '../documents/remote-merge';
import { isConflict, type ProposedField } from './assistant-state';
import { AiUsageSummary } from './AiUsageSummary';
import { ASSISTANT_TEXTS } from './constants';
import { ConversationHistory } from './ConversationHistory';
import { ProposalCard } from './ProposalCard';
import type { AiAssistant } from './use-ai-assistant';
import type { ConversationHistory as History } from './use-conversation-history';

/**
 * The visible height of the element's scrolling ancestor (the screen's content area, below the
 * console header): the panel is exactly that tall, so its 'Enviar' stays on screen at any window
 * height (100vh would reach below it by the header's height).
 */
function useScrollParentHeight(ref: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    let parent = ref.current?.parentElement ?? null;
    while (parent && !/(auto|scroll)/.test(getComputedStyle(parent).overflowY)) parent = parent.parentElement;
    const update = () => setHeight(parent ? parent.clientHeight : window.innerHeight);
    update();
    const observer = new ResizeObserver(update);
    if (parent) observer.observe(parent);
    window.addEventListener('resize', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [ref]);
  return height;
}

interface AiAssistantPanelProps {
  assistant: AiAssistant;
  /** The form's current values (unsaved edits included). */
  values: Record<string, unknown>;
  /** An accepted change enters the form as an edit (autosave, JSON editor, history as for typing). */
  onApply(field: string, value: unknown): void;
  onClose(): void;
  /** The document's earlier conversations (stored by the functions). */
  history?: History;
  /** Whether a field is rich text (its HTML is shown rendered as text). */
  isRichText?(field: string): boolean;
  /** Admins see the project's AI use this month above the conversation. */
  usageProject?: string | null;
}

/** The conversation panel beside the form, opened by 'AI Editor' (document 1 screen 4). */
export function AiAssistantPanel({ assistant, values, onApply, onClose, history, isRichText = () => false, usageProject = null }: AiAssistantPanelProps) {
  const { state, send, stop, decide } = assistant;
  const [text, setText] = useState('');
  const conversation = useRef<HTMLDivElement>(null);
  const aside = useRef<HTMLDivElement>(null);
  const height = useScrollParentHeight(aside);
  // The conversation scrolls to its end by itself (scrollIntoView would scroll the form too).
  useEffect(() => {
    const box = conversation.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [state.entries.length, state.busy, history?.status]);

  const conflicted = (field: ProposedField) => isConflict(field, values[field.field], sameValue);

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!text.trim() || state.busy) return;
    void send(text);
    setText('');
  }
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && !event.shiftKey) submit(event as unknown as FormEvent);
  }

  return (
    <Stack
      ref={aside}
      as="aside"
      aria-label={ASSISTANT_TEXTS.title}
      data-testid="ai-assistant"
      w={{ base: 'full', lg: '360px', '2xl': '420px' }}
      flexShrink={0}
      borderLeftWidth="1px"
      position="sticky"
      top="0"
      alignSelf="flex-start"
      h={height === null ? 'full' : `${height}px`}
      gap="0"
      bg="bg"
    >
      <HStack px="4" py="3" borderBottomWidth="1px" justify="space-between">
        <Text fontWeight="semibold">{ASSISTANT_TEXTS.title}</Text>
        <CloseButton size="sm" aria-label={ASSISTANT_TEXTS.close} onClick={onClose} />
      </HStack>
      {usageProject && <AiUsageSummary project={usageProject} />}
      <Stack ref={conversation} flex="1" overflowY="auto" px="4" py="3" gap="3" data-testid="ai-conversation">
        {history && <ConversationHistory history={history} current={state.conversation} isRichText={isRichText} />}
        {state.entries.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {ASSISTANT_TEXTS.empty}
          </Text>
        )}
        {state.entries.map((entry, i) => {
          switch (entry.kind) {
            case 'operator':
              return (
                <Box key={i} alignSelf="flex-end" bg="blue.subtle" borderRadius="md" px="3" py="2" maxW="90%" data-testid="ai-operator-message">
                  <Text fontSize="sm" whiteSpace="pre-wrap">
                    {entry.text}
                  </Text>
                </Box>
              );
            case 'assistant':
              return (
                <Box key={i} bg="bg.muted" borderRadius="md" px="3" py="2" maxW="90%" data-testid="ai-assistant-message">
                  <Text fontSize="sm" whiteSpace="pre-wrap">
                    {entry.text}
                  </Text>
                </Box>
              );
            case 'refusal':
              return (
                <Box key={i} bg="orange.subtle" borderRadius="md" px="3" py="2" maxW="90%" data-testid="ai-refusal">
                  <Text fontSize="sm">
                    <Text as="span" fontWeight="semibold">
                      {ASSISTANT_TEXTS.refusal}
                    </Text>{' '}
                    {entry.text}
                  </Text>
                </Box>
              );
            case 'error':
              return (
                <Text key={i} fontSize="sm" color="fg.error" role="alert" data-testid="ai-error">
                  {entry.text}
                </Text>
              );
            case 'proposal':
              return (
                <ProposalCard
                  key={i}
                  proposal={entry}
                  current={(field) => values[field]}
                  conflicted={conflicted}
                  isRichText={isRichText}
                  onAccept={(field) => {
                    if (conflicted(field)) return;
                    onApply(field.field, field.value);
                    decide(entry.id, field.field, 'accepted');
                  }}
                  onReject={(field) => decide(entry.id, field.field, 'rejected')}
                />
              );
          }
        })}
        {state.busy && (
          <HStack gap="2" color="fg.muted" role="status">
            <Spinner size="xs" />
            <Text fontSize="sm">{ASSISTANT_TEXTS.thinking}</Text>
          </HStack>
        )}
      </Stack>
      <Box as="form" onSubmit={submit} px="4" py="3" borderTopWidth="1px">
        <Stack gap="2">
          <Textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={ASSISTANT_TEXTS.placeholder}
            aria-label={ASSISTANT_TEXTS.placeholder}
            aria-description={ASSISTANT_TEXTS.sendHint}
            rows={3}
            size="sm"
          />
          <HStack justify="space-between" gap="2">
            <Text fontSize="xs" color="fg.muted" data-testid="ai-send-hint">
              {ASSISTANT_TEXTS.sendHint}
            </Text>
            {state.busy ? (
              // The turn under way can be stopped: the request is aborted, and with it the model call.
              <Button type="button" size="sm" variant="outline" colorPalette="red" onClick={stop}>
                {ASSISTANT_TEXTS.stop}
              </Button>
            ) : (
              <Button type="submit" size="sm" colorPalette="blue" disabled={!text.trim()}>
                {ASSISTANT_TEXTS.send}
              </Button>
            )}
          </HStack>
        </Stack>
      </Box>
    </Stack>
  );
}
