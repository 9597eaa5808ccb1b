import { Box, chakra, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { memo, useState } from 'react';
import type { CodeProgress, TaskProgress } from '../bulk-sync';
import { syncTask } from '../tasks';
import { SYNC_TEXTS } from '../constants';
import { CheckIcon, ErrorIcon } from './status-icons';

interface TaskChipProps {
  taskId: string;
  progress: TaskProgress | undefined;
  onShowError(message: string): void;
}

function TaskChip({ taskId, progress, onShowError }: TaskChipProps) {
  const name = syncTask(taskId).name;
  const status = progress?.status ?? 'pending';
  return (
    <HStack
      gap="1"
      px="2"
      py="0.5"
      rounded="md"
      borderWidth="1px"
      fontSize="xs"
      borderColor={status === 'failed' ? 'red.300' : 'border'}
      bg={status === 'failed' ? 'red.50' : status === 'done' ? 'green.50' : undefined}
      color={status === 'pending' ? 'fg.muted' : 'fg'}
      data-task={taskId}
      data-status={status}
    >
      <Text as="span">{name}</Text>
      {status === 'running' && <Spinner size="xs" role="img" aria-label={`${name} ${SYNC_TEXTS.taskRunning}`} />}
      {status === 'failed' && (
        <chakra.button
          type="button"
          display="inline-flex"
          cursor="pointer"
          title={progress?.error}
          aria-label={`${name} ${SYNC_TEXTS.taskFailed}: ${progress?.error ?? ''}`}
          onClick={() => onShowError(`${name}: ${progress?.error ?? ''}`)}
        >
          <ErrorIcon />
        </chakra.button>
      )}
    </HStack>
  );
}

interface ProductRowProps {
  code: string;
  progress: CodeProgress | undefined;
  /** Task ids joined by ',' (a string, so the memo compares by value). */
  taskKey: string;
}

/** One code: green check once started, spinner while fetched, then one chip per chosen task. */
const ProductRow = memo(function ProductRow({ code, progress, taskKey }: ProductRowProps) {
  const [shownError, setShownError] = useState<string | null>(null);
  const tasks = taskKey ? taskKey.split(',') : [];
  return (
    <Box
      as="li"
      listStyleType="none"
      px="3"
      py="1.5"
      borderBottomWidth="1px"
      data-testid="sync-row"
      data-code={code}
      data-started={progress?.started ? 'true' : 'false'}
      data-fetching={progress?.fetching ? 'true' : 'false'}
    >
      <Flex gap="3" align="center" wrap="wrap">
        <Box boxSize="4" flex="none" display="flex" alignItems="center">
          {progress?.fetching ? (
            <Spinner size="xs" role="img" aria-label={SYNC_TEXTS.fetching} />
          ) : (
            progress?.started && <CheckIcon label={SYNC_TEXTS.started} />
          )}
        </Box>
        <Text fontFamily="mono" fontSize="sm" minW="24">
          {code}
        </Text>
        <Flex gap="1.5" wrap="wrap">
          {tasks.map((task) => (
            <TaskChip key={task} taskId={task} progress={progress?.tasks[task]} onShowError={(m) => setShownError((s) => (s === m ? null : m))} />
          ))}
        </Flex>
      </Flex>
      {shownError && progress && Object.values(progress.tasks).some((t) => t.status === 'failed') && (
        <Text fontSize="xs" color="red.700" mt="1" ps="7" data-testid="sync-error-message">
          {shownError}
        </Text>
      )}
    </Box>
  );
});

interface ProductGridProps {
  codes: readonly string[];
  progress: Readonly<Record<string, CodeProgress>>;
  tasks: readonly string[];
}

export function ProductGrid({ codes, progress, tasks }: ProductGridProps) {
  const taskKey = tasks.join(',');
  if (codes.length === 0) {
    return (
      <Text fontSize="sm" color="fg.muted" px="3" py="6">
        {SYNC_TEXTS.emptyGrid}
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="0" m="0" p="0" aria-label={SYNC_TEXTS.products}>
      {codes.map((code) => (
        <ProductRow key={code} code={code} progress={progress[code]} taskKey={taskKey} />
      ))}
    </Stack>
  );
}
