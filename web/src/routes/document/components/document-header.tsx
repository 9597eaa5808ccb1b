import { Box, Button, Code, Flex, Heading, HStack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface DocumentHeaderProps {
  title: string;
  /** Shown as project/collection/doc. */
  path: string;
  status?: string;
  actions: ReactNode;
}

export function DocumentHeader({ title, path, status, actions }: DocumentHeaderProps) {
  return (
    <Flex
      as="header"
      position="sticky"
      top="0"
      zIndex="docked"
      bg="bg"
      borderBottomWidth="1px"
      px="6"
      py="3"
      gap="4"
      align="center"
      wrap="wrap"
    >
      <Box minW="0" flex="1">
        <Heading as="h2" size="lg" truncate>
          {title}
        </Heading>
        <Code fontSize="xs" variant="surface" aria-label="Caminho do documento" data-testid="document-path">
          {path}
        </Code>
      </Box>
      {status && (
        <Text fontSize="sm" color="fg.muted" role="status" aria-live="polite" data-testid="save-status">
          {status}
        </Text>
      )}
      <HStack gap="2">{actions}</HStack>
    </Flex>
  );
}

export function ActionButton(props: React.ComponentProps<typeof Button>) {
  return <Button size="sm" variant="outline" {...props} />;
}
