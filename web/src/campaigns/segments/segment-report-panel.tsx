import { Box, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { consoleCustomersSegmentsEndpoint, LEFT_OUT_LABELS, SEGMENT_HELP, type SegmentReport } from '@console/shared';
import { callApi } from '../../lib/api';
import { CustomerEmailLink } from '../../customers/CustomerEmailLink';
import { DataTable, type DataTableColumn } from '../../data-table';
import { formatCount } from '../glossary';
import { LiveSegmentCount } from './live-count';

type Member = SegmentReport['data'][number];
type LeftOut = SegmentReport['leftOut'][number];

export const SEGMENT_TEXTS = {
  test: 'Testar segmento',
  title: 'Relatório do segmento',
  count: (n: number) => `${formatCount(n)} ${n === 1 ? 'membro' : 'membros'}`,
  leftOut: (n: number) => `${formatCount(n)} fora do envio`,
  membersLabel: 'Membros do segmento',
  leftOutLabel: 'Fora do envio',
  help: 'Como as listas se combinam',
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  previous: 'Anterior',
  next: 'Próxima',
  moreLeftOut: (n: number) => `e mais ${n} fora do envio`,
} as const;

/** The sum of the left-out counts (every reason). */
export function leftOutTotal(report: Pick<SegmentReport, 'leftOutCounts'>): number {
  return Object.values(report.leftOutCounts).reduce((a, b) => a + b, 0);
}

/** 'dados de clientes atualizados há 2 min': how current the warehouse's copy of the customers is. */
export function warehouseFreshness(report: Pick<SegmentReport, 'warehouseAsOf' | 'warehouseCaughtUp'>, now = Date.now()): string {
  if (!report.warehouseAsOf) return 'sem dados de clientes no warehouse';
  const minutes = Math.max(0, Math.floor((now - Date.parse(report.warehouseAsOf)) / 60_000));
  const age =
    minutes < 1
      ? 'agora há pouco'
      : minutes < 120
        ? `há ${minutes} min`
        : minutes < 48 * 60
          ? `há ${Math.floor(minutes / 60)} h`
          : `há ${Math.floor(minutes / 1440)} dias`;
  return `dados de clientes atualizados ${age}${report.warehouseCaughtUp ? '' : ' (cópia ainda sendo atualizada)'}`;
}

export function SegmentReportPanel({
  projectId,
  docId,
  data,
  payload,
}: {
  projectId: string;
  docId: string;
  data: Record<string, unknown> | null;
  payload: unknown;
}) {
  // The first page comes with the action; the others are asked for as the operator pages.
  const [report, setReport] = useState(payload as SegmentReport | undefined);
  const [loading, setLoading] = useState(false);
  useEffect(() => setReport(payload as SegmentReport | undefined), [payload]);
  const pages = report ? Math.max(1, Math.ceil(report.count / report.pageSize)) : 1;
  const goTo = (page: number) => {
    setLoading(true);
    callApi(consoleCustomersSegmentsEndpoint, { params: { segment: docId }, query: { page, pageSize: report?.pageSize }, project: projectId })
      .then(setReport)
      .finally(() => setLoading(false));
  };
  const memberColumns: DataTableColumn<Member>[] = [
    { key: 'email', header: 'E-mail', value: (m) => m.email, render: (m) => <CustomerEmailLink email={m.email} projectId={projectId} />, filter: 'text' },
    { key: 'phoneNumber', header: 'Telefone', value: (m) => m.phoneNumber ?? '' },
  ];
  const leftOutColumns: DataTableColumn<LeftOut>[] = [
    {
      key: 'email',
      header: 'E-mail',
      value: (m) => m.email ?? '',
      render: (m) => (m.email ? <CustomerEmailLink email={m.email} projectId={projectId} /> : (m.customerId ?? '')),
    },
    { key: 'reason', header: 'Motivo', value: (m) => LEFT_OUT_LABELS[m.reason] },
  ];
  return (
    <Stack gap="3">
      <LiveSegmentCount projectId={projectId} docId={docId} data={data} />
      <Box as="details" fontSize="sm" color="fg.muted">
        <Box as="summary" cursor="pointer">
          {SEGMENT_TEXTS.help}
        </Box>
        <Text mt="1" data-testid="segment-help">
          {SEGMENT_HELP}
        </Text>
      </Box>
      {report && (
        <Box borderWidth="1px" borderRadius="md" p="4" data-testid="segment-report">
          <Heading as="h3" size="sm" mb="2">
            {SEGMENT_TEXTS.title}
          </Heading>
          <Text fontWeight="semibold" data-testid="segment-count">
            {SEGMENT_TEXTS.count(report.count)}
            {leftOutTotal(report) > 0 && ` · ${SEGMENT_TEXTS.leftOut(leftOutTotal(report))}`}
          </Text>
          <Text fontSize="sm" color="fg.muted" data-testid="segment-freshness">
            {warehouseFreshness(report)}
          </Text>
          <DataTable label={SEGMENT_TEXTS.membersLabel} rows={report.data} columns={memberColumns} rowKey={(m) => m.email} />
          {pages > 1 && (
            <HStack mt="2" gap="3" data-testid="segment-pages">
              <Button size="xs" variant="outline" disabled={loading || report.page <= 1} onClick={() => goTo(report.page - 1)}>
                {SEGMENT_TEXTS.previous}
              </Button>
              <Text fontSize="sm">{SEGMENT_TEXTS.page(report.page, pages)}</Text>
              <Button size="xs" variant="outline" disabled={loading || report.page >= pages} onClick={() => goTo(report.page + 1)}>
                {SEGMENT_TEXTS.next}
              </Button>
            </HStack>
          )}
          {report.leftOut.length > 0 && (
            <>
              <Heading as="h4" size="xs" mt="4" mb="2">
                {SEGMENT_TEXTS.leftOutLabel}
              </Heading>
              <DataTable
                label={SEGMENT_TEXTS.leftOutLabel}
                rows={report.leftOut}
                columns={leftOutColumns}
                rowKey={(m) => `${m.email}|${m.customerId}|${m.reason}`}
              />
              {leftOutTotal(report) > report.leftOut.length && (
                <Text fontSize="sm" color="fg.muted">
                  {SEGMENT_TEXTS.moreLeftOut(leftOutTotal(report) - report.leftOut.length)}
                </Text>
              )}
            </>
          )}
        </Box>
      )}
    </Stack>
  );
}
