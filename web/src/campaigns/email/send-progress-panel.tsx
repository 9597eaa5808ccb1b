import { Alert, Badge, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { onSnapshot } from 'firebase/firestore';
import {
  consoleCampaignEmailSendControlEndpoint,
  consoleCampaignWhatsappSendControlEndpoint,
  formatTimeLeft,
  SEND_STATUS_LABELS,
  sendProgressFigures,
  sendStateSchema,
  type SendControlAction,
  type SendState,
} from '@console/shared';
import { callApi } from '../../lib/api';
import { projectDocument } from '../../lib/firestore-paths';
import { formatCount, leftOutSummary } from '../glossary';
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

const CONTROL_ENDPOINTS = { email: consoleCampaignEmailSendControlEndpoint, whatsapp: consoleCampaignWhatsappSendControlEndpoint } as const;
const STATUS_PALETTE: Record<SendState['status'], string> = { preparing: 'blue', sending: 'blue', paused: 'orange', cancelled: 'gray', finished: 'green' };

/** A clock that ticks while a send runs (the rate and time left move with it). */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}

/** 'Pausar' / 'Retomar' / 'Cancelar envio' of a running or paused send. */
function SendControls({ state, projectId, campaignId }: { state: SendState; projectId: string; campaignId: string }) {
  const [busy, setBusy] = useState<SendControlAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const endpoint = CONTROL_ENDPOINTS[state.channel as keyof typeof CONTROL_ENDPOINTS];
  if (!endpoint || (state.status !== 'sending' && state.status !== 'paused')) return null;
  const run = async (action: SendControlAction) => {
    if (action === 'cancel' && !window.confirm(CAMPAIGN_TEXTS.confirmCancel)) return;
    setBusy(action);
    setError(null);
    try {
      await callApi(endpoint, { params: { id: campaignId, action }, project: projectId });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="1">
      <HStack gap="2">
        {state.status === 'sending' ? (
          <Button size="xs" variant="outline" loading={busy === 'pause'} onClick={() => void run('pause')}>
            {CAMPAIGN_TEXTS.pause}
          </Button>
        ) : (
          <Button size="xs" colorPalette="blue" loading={busy === 'resume'} onClick={() => void run('resume')}>
            {CAMPAIGN_TEXTS.resume}
          </Button>
        )}
        <Button size="xs" variant="outline" colorPalette="red" loading={busy === 'cancel'} onClick={() => void run('cancel')}>
          {CAMPAIGN_TEXTS.cancel}
        </Button>
      </HStack>
      {error && (
        <Text fontSize="sm" color="red.700" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/**
 * State, progress bar (what the provider accepted, of the total), rate and time left, the
 * outcomes apart ('sem confirmação' never counted as sent), the pause reason and the controls of a
 * campaign's send, for any channel.
 */
export function SendProgress({
  state,
  channel = 'email',
  projectId,
  campaignId,
}: {
  state: SendState | null;
  /** Whose words the left-out reasons take ('sem telefone' for WhatsApp). */
  channel?: 'email' | 'whatsapp';
  projectId?: string;
  campaignId?: string;
}) {
  const now = useNow(state?.status === 'sending');
  if (!state) return null;
  const figures = sendProgressFigures(state, now);
  const leftOut = Object.entries(state.leftOut).filter(([, n]) => n > 0);
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="send-progress">
      <Stack gap="2">
        <HStack justify="space-between">
          <Badge colorPalette={STATUS_PALETTE[state.status]} data-testid="send-status">
            {SEND_STATUS_LABELS[state.status]}
          </Badge>
          <Text fontSize="sm" data-testid="send-count">
            {CAMPAIGN_TEXTS.progress(state.sent, state.total)}
          </Text>
        </HStack>
        <Progress.Root value={figures.percent} max={100} aria-label={CAMPAIGN_TEXTS.progress(state.sent, state.total)}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        {state.status === 'preparing' && state.snapshotProgress && (
          <Text fontSize="sm" color="fg.muted" data-testid="send-snapshot-progress">
            {CAMPAIGN_TEXTS.snapshotProgress(state.snapshotProgress.written, state.snapshotProgress.batches)}
          </Text>
        )}
        {figures.perMinute !== null && state.status === 'sending' && (
          <Text fontSize="sm" color="fg.muted" data-testid="send-rate">
            {CAMPAIGN_TEXTS.rate(figures.perMinute)}
            {figures.secondsLeft !== null && ` · ${CAMPAIGN_TEXTS.timeLeft(formatTimeLeft(figures.secondsLeft))}`}
          </Text>
        )}
        {(state.failed > 0 || state.optedOut > 0) && (
          <Text fontSize="sm" color="fg.muted">
            {state.failed > 0 && `${CAMPAIGN_TEXTS.failed}: ${formatCount(state.failed)}. `}
            {state.optedOut > 0 && `${CAMPAIGN_TEXTS.optedOut}: ${formatCount(state.optedOut)}.`}
          </Text>
        )}
        {state.unknown > 0 && (
          <Text fontSize="sm" color="orange.700" data-testid="send-unknown">
            {CAMPAIGN_TEXTS.unknown}: {formatCount(state.unknown)} ({CAMPAIGN_TEXTS.unknownHelp}).
          </Text>
        )}
        {leftOut.length > 0 && (
          <Text fontSize="sm" color="fg.muted" data-testid="send-left-out">
            {CAMPAIGN_TEXTS.leftOut}: {leftOutSummary(Object.fromEntries(leftOut), channel)}
          </Text>
        )}
        {state.status === 'paused' && state.pausedReason && (
          <Alert.Root status="warning" size="sm" data-testid="send-paused-reason">
            <Alert.Indicator />
            <Alert.Title>
              {CAMPAIGN_TEXTS.paused}: {state.pausedReason}
            </Alert.Title>
          </Alert.Root>
        )}
        {state.lastError && state.status !== 'paused' && state.status !== 'cancelled' && (
          <Alert.Root status={state.status === 'finished' ? 'error' : 'warning'} size="sm">
            <Alert.Indicator />
            <Alert.Title>
              {CAMPAIGN_TEXTS.lastError}: {state.lastError}
            </Alert.Title>
          </Alert.Root>
        )}
        {projectId && campaignId && <SendControls state={state} projectId={projectId} campaignId={campaignId} />}
      </Stack>
    </Box>
  );
}

export function EmailSendProgressPanel({ projectId, docId }: { projectId: string; docId: string }) {
  return <SendProgress state={useSendState(projectId, 'email', docId)} projectId={projectId} campaignId={docId} />;
}
