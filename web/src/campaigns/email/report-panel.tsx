import { Box, Heading, SimpleGrid, Stack, Stat, Tabs, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { limit, orderBy, query } from 'firebase/firestore';
import { consoleCampaignEmailReportEndpoint, reportFunnel, type campaignReportResponseSchema } from '@console/shared';
import { callApi } from '../../lib/api';
import { projectCollection } from '../../lib/firestore-paths';
import { useLiveReport } from '../live-report';
import { SEND_COLLECTION } from './send-progress-panel';
import type { z } from 'zod';
import { CustomerEmailLink } from '../../customers/CustomerEmailLink';
import { formatNumber, formatPercent } from '../../lib/format';
import CampaignFunnelChart from '../funnel-chart';
import { CAMPAIGN_TEXTS } from './texts';

export type ReportAnswer = z.infer<typeof campaignReportResponseSchema>;

const LISTS = [
  { key: 'processed_emails', label: 'Processados' },
  { key: 'delivered_emails', label: 'Entregues' },
  { key: 'opened_emails', label: 'Abertos' },
  { key: 'clicked_emails', label: 'Clicados' },
  { key: 'bounced_emails', label: 'Bounces' },
  { key: 'dropped_emails', label: 'Descartados' },
] as const;

/** 'Relatório': the figures, the funnel and the addresses per flag, each opening its customer. */
export function CampaignReportPanel({ projectId, docId, payload }: { projectId: string; docId: string; payload: unknown }) {
  const [answer, setAnswer] = useState(payload as ReportAnswer | undefined);
  useEffect(() => setAnswer(payload as ReportAnswer | undefined), [payload]);
  // Once opened, the report follows the send's delivery events live (they keep arriving after
  // 'Envio concluído'): the newest event is listened to, and each change fetches the report again.
  const events = useMemo(
    () => query(projectCollection(projectId, `${SEND_COLLECTION}/email-${docId}/event`), orderBy('receivedAt', 'desc'), limit(1)),
    [projectId, docId],
  );
  useLiveReport(payload ? events : null, () => {
    callApi(consoleCampaignEmailReportEndpoint, { params: { id: docId }, project: projectId }).then(setAnswer, () => undefined);
  });
  if (!answer) return null;
  const r = answer.data;
  const figures = [
    { label: 'Enviados', value: formatNumber(answer.sent, 0) },
    ...(answer.unknown ? [{ label: CAMPAIGN_TEXTS.unknown, value: formatNumber(answer.unknown, 0) }] : []),
    { label: 'Entregues', value: formatNumber(r.delivered, 0) },
    { label: 'Aberturas', value: formatNumber(r.open, 0), help: formatPercent(r.open_rate) },
    { label: 'Cliques', value: formatNumber(r.click, 0), help: formatPercent(r.click_rate) },
    { label: 'Bounces', value: formatNumber(r.bounce, 0) },
    { label: 'Descartados', value: formatNumber(r.dropped, 0) },
  ];
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="campaign-report">
      <Heading as="h3" size="sm" mb="3">
        {CAMPAIGN_TEXTS.reportTitle}
      </Heading>
      {answer.total === 0 && <Text color="fg.muted">{CAMPAIGN_TEXTS.notSent}</Text>}
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" mb="4">
        {figures.map((f) => (
          <Stat.Root key={f.label} data-figure={f.label}>
            <Stat.Label>{f.label}</Stat.Label>
            {/* The help sits inside the value's <dd>: a <div> around a <dd> breaks the list (axe: dlitem). */}
            <Stat.ValueText display="flex" alignItems="baseline" gap="2">
              {f.value}
              {f.help && <Stat.HelpText>{f.help}</Stat.HelpText>}
            </Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <Box data-testid="campaign-funnel" mb="4">
        <CampaignFunnelChart stages={reportFunnel(r, answer.sent).filter((s) => s.stage !== 'Enviados')} />
      </Box>
      <Tabs.Root defaultValue="delivered_emails" size="sm" lazyMount>
        <Tabs.List flexWrap="wrap">
          {LISTS.map((l) => (
            <Tabs.Trigger key={l.key} value={l.key}>
              {l.label} ({r[l.key].length})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {LISTS.map((l) => (
          <Tabs.Content key={l.key} value={l.key}>
            <Stack gap="1" maxH="60" overflowY="auto" data-list={l.key}>
              {r[l.key].map((email) => (
                <CustomerEmailLink key={email} email={email} projectId={projectId} />
              ))}
            </Stack>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Box>
  );
}
