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
import { formatPercent } from '../../lib/format';
import { EMAIL_TERMS, formatCount, type GlossaryTerm } from '../glossary';
import CampaignFunnelChart from '../funnel-chart';
import { CAMPAIGN_TEXTS } from './texts';

export type ReportAnswer = z.infer<typeof campaignReportResponseSchema>;

const LISTS = [
  { key: 'processed_emails', term: EMAIL_TERMS.processed },
  { key: 'delivered_emails', term: EMAIL_TERMS.delivered },
  { key: 'opened_emails', term: EMAIL_TERMS.opened },
  { key: 'clicked_emails', term: EMAIL_TERMS.clicked },
  { key: 'bounced_emails', term: EMAIL_TERMS.bounced },
  { key: 'dropped_emails', term: EMAIL_TERMS.dropped },
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
  const figures: { term: GlossaryTerm; value: string; help?: string }[] = [
    { term: EMAIL_TERMS.sent, value: formatCount(answer.sent) },
    ...(answer.unknown ? [{ term: EMAIL_TERMS.unknown, value: formatCount(answer.unknown) }] : []),
    { term: EMAIL_TERMS.delivered, value: formatCount(r.delivered) },
    { term: EMAIL_TERMS.openings, value: formatCount(r.open), help: formatPercent(r.open_rate) },
    { term: EMAIL_TERMS.clicks, value: formatCount(r.click), help: formatPercent(r.click_rate) },
    { term: EMAIL_TERMS.bounced, value: formatCount(r.bounce) },
    { term: EMAIL_TERMS.dropped, value: formatCount(r.dropped) },
  ];
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="campaign-report">
      <Heading as="h3" size="sm" mb="3">
        {CAMPAIGN_TEXTS.reportTitle}
      </Heading>
      {answer.total === 0 && <Text color="fg.muted">{CAMPAIGN_TEXTS.notSent}</Text>}
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" mb="4">
        {figures.map((f) => (
          <Stat.Root key={f.term.label} data-figure={f.term.label} title={f.term.meaning}>
            <Stat.Label>{f.term.label}</Stat.Label>
            {/* The help sits inside the value's <dd>: a <div> around a <dd> breaks the list (axe: dlitem). */}
            <Stat.ValueText display="flex" alignItems="baseline" gap="2">
              {f.value}
              {f.help && <Stat.HelpText>{f.help}</Stat.HelpText>}
            </Stat.ValueText>
          </Stat.Root>
        ))}
      </SimpleGrid>
      <GlossaryNote terms={figures.map((f) => f.term)} />
      <Box data-testid="campaign-funnel" mb="4">
        <CampaignFunnelChart stages={reportFunnel(r, answer.sent).filter((s) => s.stage !== 'Enviados')} />
      </Box>
      <Tabs.Root defaultValue="delivered_emails" size="sm" lazyMount>
        <Tabs.List flexWrap="wrap">
          {LISTS.map((l) => (
            <Tabs.Trigger key={l.key} value={l.key} title={l.term.meaning}>
              {l.term.label} ({formatCount(r[l.key].length)})
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {LISTS.map((l) => (
          <Tabs.Content key={l.key} value={l.key}>
            <Text fontSize="xs" color="fg.muted" mb="2" data-part="meaning">
              {l.term.meaning}
            </Text>
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

/** 'O que significa cada número': the figures' meanings, one line each, closed until asked for. */
export function GlossaryNote({ terms }: { terms: readonly GlossaryTerm[] }) {
  return (
    <Box as="details" fontSize="sm" color="fg.muted" mb="4" data-testid="campaign-glossary">
      <Box as="summary" cursor="pointer">
        {CAMPAIGN_TEXTS.glossary}
      </Box>
      <Box as="ul" ps="5" mt="1">
        {terms.map((term) => (
          <li key={term.label}>
            <Text as="span" fontWeight="medium" color="fg">
              {term.label}
            </Text>
            : {term.meaning}
          </li>
        ))}
      </Box>
    </Box>
  );
}
