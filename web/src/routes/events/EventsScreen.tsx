import { Box, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useCurrentProject, useProjects } from '../../app/project-context';
import { DataTable } from '../../data-table';
import { SUPER_PROJECT_ID } from '../../lib/env';
import { CustomerDrawer, EventDetails, eventColumns, StorePicker } from '../../customers/ui';
import { CUSTOMER_ID_PARAM, EVENT_FEED_COLUMNS, EVENTS_TEXTS, MAX_STORES_PER_QUERY, PROJECT_PARAM } from '../../customers/constants';
import { withoutCustomer } from '../../customers/customer-event';
import { useCustomerEvents } from '../../customers/use-customer-events';

/** Route /console/events: the live feed of customer events (spec document 2 §2 'Event feed screen'). */
export default function EventsScreen() {
  const project = useCurrentProject();
  const { projects } = useProjects();
  const inSuperProject = project.id === SUPER_PROJECT_ID;
  // Every store the user may open, at first; Firestore's 'in' caps one query at 30 stores.
  const [stores, setStores] = useState<string[]>(() => projects.slice(0, MAX_STORES_PER_QUERY).map((p) => p.id));

  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const openCustomerId = params.get(CUSTOMER_ID_PARAM);
  const customerProjectId = (inSuperProject && params.get(PROJECT_PARAM)) || project.id;

  const storeNames = useMemo(() => new Map(projects.map((p) => [p.id, p.name])), [projects]);
  const columns = useMemo(
    () => eventColumns({ pathname, search, inSuperProject, storeName: (id) => storeNames.get(id) ?? id }),
    [pathname, search, inSuperProject, storeNames],
  );

  return (
    <Stack h="full" overflowY="auto" p="6" gap="4">
      <Heading as="h1" size="lg">
        {EVENTS_TEXTS.title}
      </Heading>
      {inSuperProject && <StorePicker projects={projects.slice(0, MAX_STORES_PER_QUERY)} selected={stores} onChange={setStores} />}
      {inSuperProject && stores.length === 0 ? (
        <Text color="fg.muted">{EVENTS_TEXTS.noStoreSelected}</Text>
      ) : (
        <EventFeed projectId={project.id} stores={inSuperProject ? stores : null} columns={columns} />
      )}
      <CustomerDrawer projectId={customerProjectId} customerId={openCustomerId} onClose={() => navigate(withoutCustomer(pathname, search))} />
    </Stack>
  );
}

function EventFeed({ projectId, stores, columns }: { projectId: string; stores: string[] | null; columns: ReturnType<typeof eventColumns> }) {
  const feed = useCustomerEvents(projectId, stores);
  if (feed.status === 'loading')
    return (
      <Center py="10">
        <Text color="fg.muted">{EVENTS_TEXTS.loading}</Text>
      </Center>
    );
  if (feed.status === 'error') return <Text role="alert">{EVENTS_TEXTS.failed}</Text>;
  return (
    <Box data-testid="event-feed">
      <DataTable
        label={EVENTS_TEXTS.tableLabel}
        rows={feed.events}
        columns={columns}
        rowKey={(e) => `${e.projectId}/${e.id}`}
        initialSort={{ columnKey: 'createdAt', direction: 'desc' }}
        renderExpanded={(event) => <EventDetails event={event} />}
        emptyText={EVENTS_TEXTS.empty}
        preferencesId={EVENT_FEED_COLUMNS.preferencesId}
        defaultPinned={EVENT_FEED_COLUMNS.defaultPinned}
        defaultHidden={EVENT_FEED_COLUMNS.defaultHidden}
      />
    </Box>
  );
}
