import { CloseButton, DataList, Drawer, Portal, Spinner, Text } from '@chakra-ui/react';
import { customerDisplayNumber } from '@console/shared';
import { EVENTS_TEXTS } from '../constants';
import { useCustomer } from '../use-customer';

/** Labels as in the customer collection's form (shared/src/collections/store/customer.ts). */
const CUSTOMER_FIELDS = [
  { label: 'E-mail', value: (d: Record<string, unknown>) => d.email },
  { label: 'Nome', value: (d: Record<string, unknown>) => [d.firstName, d.lastName].filter(Boolean).join(' ') },
  { label: 'CPF/CNPJ', value: (d: Record<string, unknown>) => d.taxvat },
  { label: 'Telefone', value: (d: Record<string, unknown>) => d.phoneNumber },
] as const;

/**
 * The customer opened by ?customerId= (and ?project= in the super-project), over the current
 * screen. Always mounted, opened by the parameter, so the dialog closes (and frees the page) itself.
 */
export function CustomerDrawer({ projectId, customerId, onClose }: { projectId: string; customerId: string | null; onClose(): void }) {
  return (
    <Drawer.Root open={customerId !== null} onOpenChange={(e) => !e.open && onClose()} size="sm">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="customer-drawer">
            {customerId !== null && <CustomerDetails key={`${projectId}/${customerId}`} projectId={projectId} customerId={customerId} />}
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={EVENTS_TEXTS.close} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function CustomerDetails({ projectId, customerId }: { projectId: string; customerId: string }) {
  const customer = useCustomer(projectId, customerId);
  return (
    <>
      <Drawer.Header>
        <Drawer.Title>
          {EVENTS_TEXTS.customer} #{customerDisplayNumber(customerId)}
        </Drawer.Title>
      </Drawer.Header>
      <Drawer.Body>
        <Text fontSize="xs" color="fg.muted" mb="4">
          {projectId}/customer/{customerId}
        </Text>
        {customer.status === 'loading' && <Spinner size="sm" role="status" aria-label="Carregando" />}
        {customer.status === 'error' && <Text role="alert">{EVENTS_TEXTS.failed}</Text>}
        {customer.status === 'missing' && <Text>{EVENTS_TEXTS.customerNotFound}</Text>}
        {customer.status === 'ready' && <CustomerDataList data={customer.data} />}
      </Drawer.Body>
    </>
  );
}

/** A customer's e-mail, name, CPF/CNPJ and phone (also used by the ?customerEmail= drawer). */
export function CustomerDataList({ data }: { data: Record<string, unknown> }) {
  return (
    <DataList.Root orientation="horizontal">
      {CUSTOMER_FIELDS.map((field) => (
        <DataList.Item key={field.label}>
          <DataList.ItemLabel>{field.label}</DataList.ItemLabel>
          <DataList.ItemValue>{String(field.value(data) ?? '')}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
