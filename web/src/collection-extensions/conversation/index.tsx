import { HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { customerName } from '../../customers/customer-name';
import { useCustomer } from '../../customers/use-customer';
import { registerCollectionExtension } from '../registry';
import type { PanelProps } from '../types';
import { ConversationMessages } from './conversation-messages';
import { conversationListEntry } from './list-entry';

export const ordersLink = (projectId: string, customerId: string) => `/console/orders?${new URLSearchParams({ project: projectId, customerId }).toString()}`;

function CustomerName({ projectId, customerId }: { projectId: string; customerId: string }) {
  const customer = useCustomer(projectId, customerId);
  if (customer.status !== 'ready') return <Text>{customerId}</Text>;
  return <Text fontWeight="semibold">{customerName(customer.data) || customerId}</Text>;
}

/** A conversation's header: its customer, and a link to the customer's orders (document 2 §2). */
function ConversationCustomer({ projectId, data }: PanelProps) {
  const customerId = typeof data?.customerId === 'string' ? data.customerId : '';
  if (!customerId) return null;
  return (
    <HStack gap="3" borderWidth="1px" borderRadius="md" px="4" py="3" data-testid="conversation-customer">
      <Text color="fg.muted">Cliente:</Text>
      <CustomerName projectId={projectId} customerId={customerId} />
      <Link asChild colorPalette="blue" variant="underline" ms="auto">
        <RouterLink to={ordersLink(projectId, customerId)}>Ver pedidos</RouterLink>
      </Link>
    </HStack>
  );
}

// The conversation screen (document 2 §2: the conversation document, its customer header): the
// messages below the header, where customers' WhatsApp replies land (functions/src/whatsapp/inbound.ts).
registerCollectionExtension('conversation', {
  panels: [
    { id: 'conversation-customer', Component: ConversationCustomer },
    { id: 'conversation-messages', Component: ConversationMessages },
  ],
  // Listed by the customer's name, with the last message below it.
  listEntry: conversationListEntry,
});
