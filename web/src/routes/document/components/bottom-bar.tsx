import { Box, Flex, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DOCUMENT_TEXTS } from '../../../documents/constants';
import { ActionButton } from '../../../app/action-button';

/**
 * The fixed bar under the form (spec document 1 §2 screen 4): the Save button of a new document,
 * or the save status of an existing one with 'AI Editor' and 'JSON Editor'. `above` holds what
 * must stay in sight while the form scrolls (conflicts).
 */
export function BottomBar({ above, children }: { above?: ReactNode; children: ReactNode }) {
  return (
    <Box position="sticky" bottom="0" zIndex="docked" bg="bg" borderTopWidth="1px" data-testid="document-bottom-bar">
      {above}
      {/* Left-aligned: toasts appear at the bottom right and would cover the buttons. */}
      <Flex px="6" py="3" gap="3" align="center" wrap="wrap">
        {children}
      </Flex>
    </Box>
  );
}

export function SaveStatusText({ text }: { text: string }) {
  return (
    <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite" data-testid="save-status" minW="36">
      {text}
    </Text>
  );
}

/** Opens (or closes) the assistant's conversation panel beside the form. */
export function AiEditorButton({ open, onClick }: { open: boolean; onClick(): void }) {
  return (
    <ActionButton aria-pressed={open} onClick={onClick}>
      {DOCUMENT_TEXTS.aiEditor}
    </ActionButton>
  );
}
