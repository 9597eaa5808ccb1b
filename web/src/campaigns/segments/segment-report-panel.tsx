import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { LEFT_OUT_LABELS, SEGMENT_HELP, type SegmentReport } from '@console/shared';
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
} as const;

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
  const report = payload as SegmentReport | undefined;
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
            {report.leftOut.length > 0 && ` · ${SEGMENT_TEXTS.leftOut(report.leftOut.length)}`}
          </Text>
          <DataTable label={SEGMENT_TEXTS.membersLabel} rows={report.data} columns={memberColumns} rowKey={(m) => m.email} paginated />
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
            </>
          )}
        </Box>
      )}
    </Stack>
  );
}
