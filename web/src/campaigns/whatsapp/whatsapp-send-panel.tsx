import { Box, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { limit, orderBy, query } from 'firebase/firestore';
import type { WhatsappCampaignReport } from '@console/shared';
import { campaignOutcomesPath, LEFT_OUT_LABELS } from '@console/shared';
import CampaignFunnelChart from '../funnel-chart';
import { useLiveReport } from '../live-report';
import { projectCollection } from '../../lib/firestore-paths';
import { SendProgress, useSendState } from '../email/send-progress-panel';
import { fetchWhatsappReport } from './report';
import { WHATSAPP_CAMPAIGN_TEXTS as T } from './texts';

/** A member without a WhatsApp number is left out for that, not for a missing e-mail. */
const WHATSAPP_LEFT_OUT_LABELS: Record<string, string> = { ...LEFT_OUT_LABELS, 'no-address': 'sem telefone' };

/** Refreshed this often while a send runs or statuses may still arrive. */
const REFRESH_MS = 4000;

/**
 * A WhatsApp campaign's send: the live progress of the job (campaign-send/whatsapp-{id}) and the
 * report (sent, delivered, read, failed with reasons), refreshed while the send runs and on demand.
 */
export function WhatsappSendPanel({ projectId, docId }: { projectId: string; docId: string }) {
  const state = useSendState(projectId, 'whatsapp', docId);
  const [report, setReport] = useState<WhatsappCampaignReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setReport(await fetchWhatsappReport(projectId, docId));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [projectId, docId]);

  const status = state?.status ?? null;
  const sent = state?.sent ?? 0;
  useEffect(() => {
    if (!status) return;
    void load();
    if (status === 'finished') return;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [status, sent, load]);

  // After 'Envio concluído' statuses keep arriving: the report follows the send's outcome records
  // live (the newest one changed, as the e-mail report follows its newest event).
  const outcomes = useMemo(
    () => query(projectCollection(projectId, campaignOutcomesPath('whatsapp', docId)), orderBy('updatedAt', 'desc'), limit(1)),
    [projectId, docId],
  );
  useLiveReport(status ? outcomes : null, () => void load());

  if (!state) return null;
  const rows: [keyof typeof T.rows, number][] = report
    ? [
        ['total', report.total],
        ['sent', report.sent],
        ['delivered', report.delivered],
        ['read', report.read],
        ['failed', report.failed],
        ['optedOut', report.optedOut],
        ['unconfirmed', report.unconfirmed],
        ['unknown', report.unknown],
      ]
    : [];
  return (
    <Stack gap="3">
      <SendProgress state={state} leftOutLabels={WHATSAPP_LEFT_OUT_LABELS} projectId={projectId} campaignId={docId} />
      <Box borderWidth="1px" borderRadius="md" p="4" data-testid="whatsapp-report">
        <HStack justify="space-between" mb="2">
          <Text fontWeight="semibold">{T.reportTitle}</Text>
          <Button size="xs" variant="outline" loading={loading} onClick={() => void load()}>
            {T.refresh}
          </Button>
        </HStack>
        {error && (
          <Text color="red.700" fontSize="sm" role="alert">
            {error}
          </Text>
        )}
        {!report && !error && <Text fontSize="sm">{T.loading}</Text>}
        {report && (
          <>
            <Table.Root size="sm" maxW="sm">
              <Table.Body>
                {rows.map(([key, value]) => (
                  <Table.Row key={key} data-row={key}>
                    <Table.Cell>{T.rows[key]}</Table.Cell>
                    <Table.Cell textAlign="end">{value.toLocaleString('pt-BR')}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            <Box mt="3" data-testid="whatsapp-funnel">
              <CampaignFunnelChart
                stages={[
                  { stage: T.rows.sent, value: report.sent },
                  { stage: T.rows.delivered, value: report.delivered },
                  { stage: T.rows.read, value: report.read },
                ]}
              />
            </Box>
            {report.reasons.length > 0 && (
              <Box mt="3">
                <Text fontSize="sm" fontWeight="medium">
                  {T.reasons}
                </Text>
                <Box as="ul" fontSize="sm" ps="5" data-testid="whatsapp-failure-reasons">
                  {report.reasons.map((r) => (
                    <li key={r.reason}>
                      {r.reason}: {r.count}
                    </li>
                  ))}
                </Box>
              </Box>
            )}
          </>
        )}
      </Box>
    </Stack>
  );
}
