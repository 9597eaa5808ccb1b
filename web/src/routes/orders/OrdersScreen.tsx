import { Badge, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { onSnapshot, query, Timestamp, where } from 'firebase/firestore';
import { ORDER_COLLECTION, ORDER_STATUS_LABELS, orderSchema, type Order } from '@console/shared';
import { useCurrentProject } from '../../app/project-context';
import { DataTable, type DataTableColumn } from '../../data-table';
import { projectCollection } from '../../lib/firestore-paths';
import { formatMoney, formatNumber } from '../../lib/format';
import { useCustomer } from '../../customers/use-customer';

const TEXTS = {
  title: 'Pedidos do cliente',
  label: 'Pedidos',
  loading: 'Loading...',
  failed: 'Failed to load entries.',
  empty: 'No entries found.',
  noCustomer: 'Nenhum cliente indicado (?customerId=).',
} as const;

type OrdersState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; orders: Order[] };

const toDate = (v: unknown) => (v instanceof Timestamp ? v.toDate() : v);

/** The customer's orders, newest first, live. */
function useOrders(projectId: string, customerId: string | null): OrdersState {
  const [state, setState] = useState<OrdersState>({ status: 'loading' });
  useEffect(() => {
    if (!customerId) return;
    setState({ status: 'loading' });
    // Equality only (no composite index); a customer's orders are few, sorted here.
    return onSnapshot(
      query(projectCollection(projectId, ORDER_COLLECTION), where('customerId', '==', customerId)),
      (snap) => {
        const orders = snap.docs
          .map((d) => orderSchema.safeParse({ id: d.id, ...d.data(), createdAt: toDate(d.data().createdAt) }))
          .flatMap((r) => (r.success ? [r.data] : []))
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
        setState({ status: 'ready', orders });
      },
      () => setState({ status: 'error' }),
    );
  }, [projectId, customerId]);
  return state;
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

const columns: DataTableColumn<Order>[] = [
  { key: 'id', header: 'Pedido', value: (o) => o.id },
  { key: 'createdAt', header: 'Data', value: (o) => o.createdAt.getTime(), render: (o) => dateTime.format(o.createdAt) },
  {
    key: 'status',
    header: 'Status',
    value: (o) => ORDER_STATUS_LABELS[o.status],
    render: (o) => <Badge colorPalette={o.status === 'cancelled' ? 'red' : o.status === 'delivered' ? 'green' : 'blue'}>{ORDER_STATUS_LABELS[o.status]}</Badge>,
  },
  {
    key: 'total',
    header: 'Total',
    value: (o) => o.total,
    render: (o) => formatMoney(o.total),
    footer: (rows) => formatMoney(rows.reduce((s, o) => s + o.total, 0)),
  },
  {
    key: 'items',
    header: 'Itens',
    value: (o) => o.items.map((i) => `${formatNumber(i.qty, 0)}× ${i.name || i.sku}`).join(', '),
    render: (o) => (
      <Stack gap="0">
        {o.items.map((i) => (
          <Text key={i.sku} fontSize="sm">
            {formatNumber(i.qty, 0)}× {i.name || i.sku}{' '}
            <Text as="span" color="fg.muted">
              ({i.sku}, {formatMoney(i.price)})
            </Text>
          </Text>
        ))}
      </Stack>
    ),
    sortable: false,
  },
];

/** Route /console/orders?project&customerId: a customer's orders (from a conversation's header, document 2 §2). */
export default function OrdersScreen() {
  const project = useCurrentProject();
  const [params] = useSearchParams();
  const customerId = params.get('customerId');
  const orders = useOrders(project.id, customerId);
  const customer = useCustomer(project.id, customerId ?? '-');
  const name = useMemo(() => {
    if (customer.status !== 'ready') return customerId ?? '';
    const d = customer.data;
    return [[d.firstName, d.lastName].filter(Boolean).join(' '), d.email].filter(Boolean).join(' · ');
  }, [customer, customerId]);

  if (!customerId)
    return (
      <Center py="16">
        <Text>{TEXTS.noCustomer}</Text>
      </Center>
    );
  return (
    <Stack h="full" overflowY="auto" p="6" gap="4">
      <Heading as="h1" size="lg">
        {TEXTS.title}
      </Heading>
      <Text color="fg.muted" data-testid="orders-customer">
        {name}
      </Text>
      {orders.status === 'loading' && <Text>{TEXTS.loading}</Text>}
      {orders.status === 'error' && <Text role="alert">{TEXTS.failed}</Text>}
      {orders.status === 'ready' && <DataTable label={TEXTS.label} rows={orders.orders} columns={columns} rowKey={(o) => o.id} emptyText={TEXTS.empty} />}
    </Stack>
  );
}
