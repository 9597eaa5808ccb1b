import { Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { documentPath } from '../../app/paths';
import type { DataTableColumn } from '../../data-table';
import { customerLink, joinParts, locationPath, type CustomerEvent } from '../customer-event';
import { eventActionLabel } from '../event-actions';

/** Layout rules are a collection of the console: /console/layout-rule/{id}. */
const LAYOUT_RULE_COLLECTION = 'layout-rule';

/**
 * The feed's columns, Data first; `storeName` adds the store column in the super-project. What is
 * shown by default and what the operator may add: EVENT_FEED_COLUMNS.
 */
export function eventColumns({
  pathname,
  search,
  inSuperProject,
  storeName,
}: {
  pathname: string;
  search: string;
  inSuperProject: boolean;
  storeName(projectId: string): string;
}): DataTableColumn<CustomerEvent>[] {
  const columns: DataTableColumn<CustomerEvent>[] = [
    {
      key: 'customer',
      header: 'Cliente',
      value: (e) => e.customerNumber,
      filter: 'number',
      render: (e) =>
        e.customerId ? (
          <Link asChild color="blue.600">
            <RouterLink to={customerLink(pathname, search, e.customerId, e.projectId, inSuperProject)} title={e.customerId}>
              #{e.customerNumber}
            </RouterLink>
          </Link>
        ) : null,
    },
    {
      key: 'action',
      header: 'Ação',
      value: (e) => eventActionLabel(e.action),
      filter: 'text',
      // The code the storefront recorded, on hover (and for a screen reader, beside the words).
      render: (e) => (
        <Text as="span" title={e.action} data-action={e.action}>
          {eventActionLabel(e.action)}
        </Text>
      ),
    },
    {
      key: 'location',
      header: 'Local',
      value: (e) => e.url,
      filter: 'text',
      render: (e) => (
        <Text maxW="48" truncate title={e.url}>
          {locationPath(e.url)}
        </Text>
      ),
    },
    { key: 'product', header: 'Produto', value: (e) => e.productCode, filter: 'text' },
    { key: 'search', header: 'Busca', value: (e) => e.search, filter: 'text' },
    { key: 'zipcode', header: 'CEP', value: (e) => joinParts(e.zipcode, e.zipcodeRegion) },
    { key: 'device', header: 'Dispositivo', value: (e) => joinParts(e.bot, e.deviceType, e.deviceBrand) },
    { key: 'ip', header: 'IP', value: (e) => joinParts(e.ipCity, e.ipRegion), filter: 'text' },
    {
      key: 'layoutRules',
      header: 'Regras de layout',
      value: (e) => e.layoutRules.map((r) => r.name).join(', '),
      sortable: false,
      render: (e) => (
        <Stack gap="0">
          {e.layoutRules.map((rule) => (
            // A new tab keeps the feed (and its live position) open.
            <Link key={rule.id} href={documentPath(LAYOUT_RULE_COLLECTION, rule.id)} target="_blank" rel="noopener" color="blue.600">
              {rule.name}
            </Link>
          ))}
        </Stack>
      ),
    },
  ];
  if (inSuperProject) columns.unshift({ key: 'store', header: 'Loja', value: (e) => storeName(e.projectId), filter: 'text', pinnedWidth: 130 });
  // The date first: the feed's default order, and what tells one event from the next.
  columns.unshift({ key: 'createdAt', header: 'Data', value: (e) => e.createdAt, format: 'datetime', pinnedWidth: 152 });
  return columns;
}

/** The double-clicked row's details. */
export function EventDetails({ event }: { event: CustomerEvent }) {
  return (
    <Stack gap="1" fontSize="xs" data-testid="event-details">
      <Text>Evento: {event.id}</Text>
      <Text>Cliente (ID): {event.customerId}</Text>
      <Text>URL: {event.url}</Text>
      <Text>IP: {joinParts(event.ip, event.ipCity, event.ipRegion)}</Text>
    </Stack>
  );
}
