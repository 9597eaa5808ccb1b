import { Box, Code, Flex, Heading, HStack } from '@chakra-ui/react';
import { useEffect, useRef, type ReactNode } from 'react';

interface DocumentHeaderProps {
  title: string;
  /** Shown as project/collection/doc. */
  path: string;
  actions: ReactNode;
}

/**
 * An opened document takes the keyboard to its heading (from the list, a link, the quick switcher),
 * so Tab goes on to its actions and fields rather than back through the list; unless the focus is
 * already in one of its own fields or a dialog.
 */
function useFocusWhenOpened() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active?.closest('form, [role=dialog], [role=alertdialog]')) return;
    heading.current?.focus({ preventScroll: true });
  }, []);
  return heading;
}

export function DocumentHeader({ title, path, actions }: DocumentHeaderProps) {
  const heading = useFocusWhenOpened();
  return (
    <Flex as="header" position="sticky" top="0" zIndex="docked" bg="bg" borderBottomWidth="1px" px="6" py="3" gap="4" align="center" wrap="wrap">
      {/* The title is never cut: it wraps, and keeps at least 20rem, so at 1280 px the actions
          (a product's sync buttons, Delete, Copy) move to the next line rather than squeeze it. */}
      <Box minW="0" flex="1 1 20rem">
        <Heading as="h2" size="lg" overflowWrap="anywhere" ref={heading} tabIndex={-1} outlineOffset="2px">
          {title}
        </Heading>
        <Code fontSize="xs" variant="surface" aria-label="Caminho do documento" data-testid="document-path">
          {path}
        </Code>
      </Box>
      {/* The actions wrap rather than run under a panel beside the form (the assistant's). */}
      <HStack gap="2" wrap="wrap">
        {actions}
      </HStack>
    </Flex>
  );
}
