import { Alert, Box, Button, Flex, Grid, Heading, HStack, Spinner, Text } from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import { useCurrentProject } from '../../app/project-context';
import { toaster } from '../../app/toaster';
import { consoleQueueTasksEndpoint, QUEUE_MAX_URLS } from '@console/shared';
import { callApi } from '../../lib/api';
import { parseCodes } from '../../sync/bulk-sync';
import { bulkSyncStats, groupErrorsByCause } from '../../sync/bulk-sync-stats';
import { inCatalogueOrder, queueUrls, syncTask, type TaskContext } from '../../sync/tasks';
import { ProductGrid, SyncOptionsPanel, type SyncOptions, SyncPreviewPanel, SyncStats } from '../../sync/ui';
import { previewPins, previewSync, type SyncPreview } from '../../sync/preview';
import { SYNC_TEXTS } from '../../sync/constants';
import { useBulkSync, useNow } from '../../sync/use-bulk-sync';
import { useSyncConfig } from '../../sync/use-sync-config';

const newBatchId = () => `bulk-${Date.now().toString(36)}`;

/**
 * Screen 1 of document 1: bulk product sync. The engine (web/src/sync/bulk-sync.ts) runs the codes;
 * this screen renders its state and dispatches the operator's choices.
 */
export default function SyncScreen() {
  const project = useCurrentProject();
  const config = useSyncConfig(project.id);
  const { controller, state, runContext } = useBulkSync();
  const [options, setOptions] = useState<SyncOptions>({ account: '', concurrency: 1, tasks: new Set(), text: '' });
  const [sending, setSending] = useState(false);
  const [preview, setPreview] = useState<SyncPreview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  // A failed send is re-sent in the same batch, so the URLs it did enqueue are not queued twice.
  const pendingBatch = useRef<string | null>(null);
  const now = useNow(state.running);

  const accounts = config.status === 'ready' ? config.config.blingAccounts : [];
  // The first account is chosen until the operator picks another.
  const account = options.account === '' && accounts.length > 0 ? String(accounts[0]!.index) : options.account;
  const codes = useMemo(() => parseCodes(options.text), [options.text]);
  const chosenTasks = useMemo(() => inCatalogueOrder(options.tasks), [options.tasks]);
  const shownTasks = state.running ? state.tasks : chosenTasks;
  const stats = bulkSyncStats(state, now);
  const errorGroups = useMemo(() => groupErrorsByCause(state, (id) => syncTask(id).name), [state]);

  function taskContext(): TaskContext {
    return {
      project: project.id,
      blingAccount: account || undefined,
      marketplaces: config.status === 'ready' ? config.config.marketplaces : null,
      // The previewed plans, pinned while the list is the one previewed.
      previews: previewPins(preview, options.text),
    };
  }

  async function showPreview() {
    if (codes.length === 0) return window.alert(SYNC_TEXTS.noCodes);
    setPreviewing(true);
    try {
      setPreview(await previewSync(project.id, codes, options.text));
    } catch (error) {
      toaster.create({ type: 'error', title: SYNC_TEXTS.previewFailed, description: (error as Error).message });
    } finally {
      setPreviewing(false);
    }
  }

  function start() {
    if (codes.length === 0) return window.alert(SYNC_TEXTS.noCodes);
    if (chosenTasks.length === 0) return window.alert(SYNC_TEXTS.noTasks);
    runContext.current = taskContext();
    controller.start({ codes, tasks: chosenTasks, concurrency: options.concurrency });
  }

  function retryErrors() {
    runContext.current = taskContext();
    const retried = controller.retryErrors({ tasks: chosenTasks.length ? chosenTasks : state.tasks, concurrency: options.concurrency });
    if (!retried) return window.alert(SYNC_TEXTS.noErrorsToRetry);
    setOptions((o) => ({ ...o, text: retried.join('\n') }));
  }

  async function sendToBackend() {
    if (codes.length === 0) return window.alert(SYNC_TEXTS.noCodes);
    if (chosenTasks.length === 0) return window.alert(SYNC_TEXTS.noTasks);
    const { urls, skipped } = queueUrls(codes, chosenTasks, taskContext());
    const batch = (pendingBatch.current ??= newBatchId());
    setSending(true);
    try {
      let enqueued = 0;
      let duplicates = 0;
      for (let i = 0; i < urls.length; i += QUEUE_MAX_URLS) {
        const answer = await callApi(consoleQueueTasksEndpoint, {
          query: { project: project.id },
          body: { urls: urls.slice(i, i + QUEUE_MAX_URLS), batch },
        });
        console.info('queue/tasks', answer);
        enqueued += answer.enqueued;
        duplicates += answer.duplicates;
      }
      pendingBatch.current = null;
      toaster.create({
        type: skipped.length ? 'warning' : 'success',
        title: SYNC_TEXTS.queued(enqueued, duplicates),
        description: skipped.length ? `${SYNC_TEXTS.notQueued(skipped.length)}: ${skipped.slice(0, 3).join('; ')}` : undefined,
      });
    } catch (error) {
      console.error(error);
      toaster.create({ type: 'error', title: SYNC_TEXTS.queueFailed, description: (error as Error).message });
    } finally {
      setSending(false);
    }
  }

  return (
    <Grid templateColumns={{ base: '1fr', lg: '320px 1fr' }} h="full" minH="0" overflow="auto">
      <Box borderRightWidth={{ lg: '1px' }} p="5" overflowY={{ lg: 'auto' }} minH="0">
        <Heading as="h1" size="lg" mb="4">
          {SYNC_TEXTS.title}
        </Heading>
        {config.status === 'loading' && (
          <HStack gap="2" mb="3" fontSize="sm" color="fg.muted">
            <Spinner size="xs" />
            <Text>{SYNC_TEXTS.configLoading}</Text>
          </HStack>
        )}
        {config.status === 'error' && (
          <Alert.Root status="error" mb="3" role="alert">
            <Alert.Indicator />
            <Alert.Title>{SYNC_TEXTS.configFailed(config.message)}</Alert.Title>
          </Alert.Root>
        )}
        <SyncOptionsPanel options={{ ...options, account }} accounts={accounts} onChange={(change) => setOptions((o) => ({ ...o, ...change }))} />
      </Box>
      <Flex direction="column" minH="0" minW="0" overflowY={{ lg: 'auto' }}>
        <Box p="5" pb="3" borderBottomWidth="1px" position="sticky" top="0" bg="bg" zIndex="docked">
          <Flex align="center" gap="3" wrap="wrap" mb="3">
            <Heading as="h2" size="md" flex="1">
              {SYNC_TEXTS.products}
            </Heading>
            <Button size="sm" variant="outline" loading={previewing} disabled={state.running} onClick={() => void showPreview()}>
              {SYNC_TEXTS.preview}
            </Button>
            <Button size="sm" colorPalette={state.running ? 'orange' : 'blue'} onClick={() => (state.running ? controller.pause() : start())}>
              {state.running ? SYNC_TEXTS.pause : SYNC_TEXTS.start}
            </Button>
            <Button size="sm" variant="outline" loading={sending} onClick={() => void sendToBackend()}>
              {SYNC_TEXTS.sendToBackend}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" onClick={retryErrors}>
              {SYNC_TEXTS.retryErrors}
            </Button>
          </Flex>
          <SyncStats stats={stats} errorGroups={errorGroups} />
        </Box>
        {preview && <SyncPreviewPanel preview={preview} current={preview.text === options.text} />}
        <ProductGrid codes={codes} progress={state.progress} tasks={shownTasks} />
      </Flex>
    </Grid>
  );
}
