import { Box, Button, Flex, Heading, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { serverTimestamp, setDoc } from 'firebase/firestore';
import type { ReadinessChannel } from '@console/shared';
import { settingsDocument } from '../../lib/firestore-paths';
import { formatNumber } from '../../lib/format';
import { channelLabel, READINESS_TEXTS } from '../constants';
import { ruleLabel, useReadinessOverview } from '../use-readiness-overview';

/** The product list filtered to the products not ready for a channel. */
const notReadyListPath = (channel: ReadinessChannel) => `/console/product?readiness=${channel}`;

const HOME = {
  title: 'Prontidão por canal',
  chartLabel: 'Produtos prontos e não prontos por canal',
  ready: 'Prontos',
  notReady: 'Não prontos',
  notEvaluated: (n: number) => `${formatNumber(n)} ${n === 1 ? 'produto ainda não avaliado' : 'produtos ainda não avaliados'}`,
  running: (done: number, total: number) => `Reavaliando o catálogo: ${formatNumber(done)} de ${formatNumber(total)} produtos`,
  evaluateAll: 'Avaliar todos os produtos',
  reasonsTitle: 'Principais pendências',
  reasonsChannel: 'Canal das pendências',
  reasonsLabel: (channel: string) => `Principais pendências para ${channel}`,
  noReasons: 'Sem avaliação completa do catálogo ainda.',
  noneBlocking: 'Nenhuma pendência.',
  products: (n: number) => `${formatNumber(n)} ${n === 1 ? 'produto' : 'produtos'}`,
  loading: 'Carregando…',
  failed: 'Falha ao carregar a prontidão.',
} as const;

/**
 * The home screen's readiness: per channel the store sells on, how many products are ready and
 * not (a recharts bar chart; each channel links to the list 'Não prontos para …'), and the rules
 * that block the most products, from the latest whole-catalogue run.
 */
export function ReadinessByChannel({ projectId, channels }: { projectId: string; channels: readonly ReadinessChannel[] }) {
  const navigate = useNavigate();
  const overview = useReadinessOverview(projectId, channels);
  const [reasonsFor, setReasonsFor] = useState<ReadinessChannel | ''>('');
  if (overview.status === 'loading') return <Text color="fg.muted">{HOME.loading}</Text>;
  if (overview.status === 'error') return <Text role="alert">{HOME.failed}</Text>;

  const chosen: ReadinessChannel = reasonsFor || channels.find((c) => c !== 'site') || 'site';
  const data = overview.channels.map((c) => ({ channel: c.channel, name: channelLabel(c.channel), [HOME.ready]: c.ready, [HOME.notReady]: c.notReady }));
  const rules = Object.entries(overview.lastDone?.summary[chosen]?.rules ?? {})
    .map(([rule, products]) => ({ name: ruleLabel(chosen, rule), products }))
    .sort((a, b) => b.products - a.products)
    .slice(0, 5);
  const running = overview.run?.status === 'running' ? overview.run : null;
  const unevaluated = overview.total - overview.evaluated;

  return (
    <Box as="section" aria-label={HOME.title} borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="md" mb="3">
        {HOME.title}
      </Heading>
      <Flex gap="6" wrap="wrap">
        <Stack flex="1 1 26rem" minW="0" gap="2">
          <Box role="img" aria-label={HOME.chartLabel} h="220px">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data} layout="vertical" margin={{ left: 24, right: 16 }}>
                <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                <XAxis type="number" allowDecimals={false} />
                <YAxis type="category" dataKey="name" width={110} />
                <Tooltip />
                <Legend />
                <Bar dataKey={HOME.ready} stackId="a" fill="#2f855a" />
                <Bar
                  dataKey={HOME.notReady}
                  stackId="a"
                  fill="#dd6b20"
                  cursor="pointer"
                  onClick={(entry: { payload?: { channel?: ReadinessChannel } }) => entry.payload?.channel && navigate(notReadyListPath(entry.payload.channel))}
                />
              </BarChart>
            </ResponsiveContainer>
          </Box>
          <Flex as="ul" gap="4" wrap="wrap" fontSize="sm" listStyleType="none">
            {overview.channels.map((c) => (
              <li key={c.channel}>
                <Link asChild color="fg.info">
                  <RouterLink to={notReadyListPath(c.channel)}>
                    {READINESS_TEXTS.notReadyFor(channelLabel(c.channel))}: {formatNumber(c.notReady)}
                  </RouterLink>
                </Link>
              </li>
            ))}
          </Flex>
          {unevaluated > 0 && (
            <Text fontSize="sm" color="fg.muted">
              {HOME.notEvaluated(unevaluated)}
            </Text>
          )}
          {running ? (
            <Text fontSize="sm" role="status">
              {HOME.running(running.done, running.total)}
            </Text>
          ) : (
            unevaluated > 0 && (
              <Button
                size="xs"
                alignSelf="flex-start"
                variant="outline"
                onClick={() => void setDoc(settingsDocument(projectId, 'readiness'), { requestedAt: serverTimestamp() }, { merge: true })}
              >
                {HOME.evaluateAll}
              </Button>
            )
          )}
        </Stack>
        <Stack flex="1 1 22rem" minW="0" gap="2">
          <Flex align="center" gap="2">
            <Heading as="h3" size="sm">
              {HOME.reasonsTitle}
            </Heading>
            <NativeSelect.Root size="xs" width="auto">
              <NativeSelect.Field aria-label={HOME.reasonsChannel} value={chosen} onChange={(e) => setReasonsFor(e.currentTarget.value as ReadinessChannel)}>
                {channels.map((channel) => (
                  <option key={channel} value={channel}>
                    {channelLabel(channel)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Flex>
          {!overview.lastDone ? (
            <Text fontSize="sm" color="fg.muted">
              {HOME.noReasons}
            </Text>
          ) : rules.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {HOME.noneBlocking}
            </Text>
          ) : (
            <>
              <Box role="img" aria-label={HOME.reasonsLabel(channelLabel(chosen))} h="200px">
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={rules} layout="vertical" margin={{ left: 24, right: 16 }}>
                    <XAxis type="number" allowDecimals={false} />
                    <YAxis type="category" dataKey="name" width={150} />
                    <Tooltip />
                    <Bar dataKey="products" name="Produtos" fill="#c05621" cursor="pointer" onClick={() => navigate(notReadyListPath(chosen))} />
                  </BarChart>
                </ResponsiveContainer>
              </Box>
              <Box as="ol" ps="5" fontSize="sm" aria-label={HOME.reasonsLabel(channelLabel(chosen))}>
                {rules.map((r) => (
                  <li key={r.name}>
                    <Link asChild color="fg.info">
                      <RouterLink to={notReadyListPath(chosen)}>
                        {r.name}: {HOME.products(r.products)}
                      </RouterLink>
                    </Link>
                  </li>
                ))}
              </Box>
            </>
          )}
        </Stack>
      </Flex>
    </Box>
  );
}
