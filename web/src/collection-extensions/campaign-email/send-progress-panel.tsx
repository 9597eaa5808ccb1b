import { Alert, Badge, Box, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { onSnapshot } from 'firebase/firestore';
import { LEFT_OUT_LABELS, SEND_STATUS_LABELS, sendStateSchema, type LeftOutReason, type SendState } from '@console/shared';
import { projectDocument } from '../../lib/firestore-paths';
import type { PanelProps } from '../types';
import { CAMPAIGN_TEXTS } from './texts';

export const SEND_COLLECTION = 'campaign-send';

/** The send state of a campaign (project/{p}/campaign-send/{channel}-{id}), live; null before any send. */
export function useSendState(projectId: string, channel: string, campaignId: string): SendState | null {
  const [state, setState] = useState<SendState | null>(null);
  useEffect(() => {
    setState(null);
    return onSnapshot(
      projectDocument(projectId, SEND_COLLECTION, `${channel}-${campaignId}`),
      (snap) => {
        const parsed = sendStateSchema.safeParse(snap.data());
        setState(snap.exists() && parsed.success ? parsed.data : null);
      },
      () => setState(null),
    );
  }, [projectId, channel, campaignId]);
  return state;
}

/** State and progress bar (sent of total) of a campaign's send, for any channel. */
export function SendProgress({ state, leftOutLabels = LEFT_OUT_LABELS }: { state: SendState | null; leftOutLabels?: Record<string, string> }) {
  if (!state) return null;
  const done = state.sent + state.failed + state.optedOut;
  const percent = state.total ? Math.round((done / state.total) * 100) : state.status === 'finished' ? 100 : 0;
  const leftOut = Object.entries(state.leftOut).filter(([, n]) => n > 0);
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="send-progress">
      <Stack gap="2">
        <HStack justify="space-between">
          <Badge colorPalette={state.status === 'finished' ? 'green' : 'blue'} data-testid="send-status">
            {SEND_STATUS_LABELS[state.status]}
          </Badge>
          <Text fontSize="sm" data-testid="send-count">
            {CAMPAIGN_TEXTS.progress(state.sent, state.total)}
          </Text>
        </HStack>
        <Progress.Root value={percent} max={100} aria-label={CAMPAIGN_TEXTS.progress(state.sent, state.total)}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        {(state.failed > 0 || state.optedOut > 0) && (
          <Text fontSize="sm" color="fg.muted">
            {state.failed > 0 && `${CAMPAIGN_TEXTS.failed}: ${state.failed}. `}
            {state.optedOut > 0 && `${CAMPAIGN_TEXTS.optedOut}: ${state.optedOut}.`}
          </Text>
        )}
        {leftOut.length > 0 && (
          <Text fontSize="sm" color="fg.muted" data-testid="send-left-out">
            {CAMPAIGN_TEXTS.leftOut}: {leftOut.map(([reason, n]) => `${n} ${leftOutLabels[reason as LeftOutReason] ?? reason}`).join(', ')}
          </Text>
        )}
        {state.lastError && (
          <Alert.Root status={state.status === 'finished' ? 'error' : 'warning'} size="sm">
            <Alert.Indicator />
            <Alert.Title>
              {CAMPAIGN_TEXTS.lastError}: {state.lastError}
            </Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </Box>
  );
}

export function EmailSendProgressPanel({ projectId, docId }: PanelProps) {
  return <SendProgress state={useSendState(projectId, 'email', docId)} />;
}
