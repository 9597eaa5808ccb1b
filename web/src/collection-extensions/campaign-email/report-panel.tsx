import { Box, Heading, HStack, SimpleGrid, Spinner, Stack, Stat, Tabs, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { reportFunnel, type campaignReportResponseSchema } from '@console/shared';
import type { z } from 'zod';
import { CustomerEmailLink } from '../../customers/CustomerEmailLink';
import { formatNumber, formatPercent } from '../../lib/format';
import type { PanelProps } from '../types';
import { CAMPAIGN_TEXTS } from './texts';

const CampaignFunnelChart = lazy(() => import('./funnel-chart'));

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
export function CampaignReportPanel({ projectId, payload }: PanelProps) {
  const answer = payload as ReportAnswer | undefined;
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
            <HStack>
              <Stat.ValueText>{f.value}</Stat.ValueText>
              {f.help && <Stat.HelpText>{f.help}</Stat.HelpText>}
            </HStack>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <Box data-testid="campaign-funnel" mb="4">
        <Suspense fallback={<Spinner size="sm" aria-label="Carregando gráfico" />}>
          <CampaignFunnelChart stages={reportFunnel(r, answer.sent)} />
        </Suspense>
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
