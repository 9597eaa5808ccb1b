import { Box, Link, SimpleGrid, Stat, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../lib/format';
import { useHealthCounts, type HealthCounts } from './use-health-counts';

const TEXTS = {
  title: 'Saúde da loja',
  loading: 'Carregando…',
  failed: 'Falha ao carregar os indicadores.',
} as const;

/** Each counter: its label, where its list is, and its number. */
const COUNTERS: { key: keyof HealthCounts; label: string; to: string; hint: string }[] = [
  { key: 'syncErrors24h', label: 'Erros de sincronização (24 h)', to: '/console/sync', hint: 'Abrir a sincronização' },
  { key: 'staleOverrides', label: 'Alterações desatualizadas', to: '/console/price-review', hint: 'Ver alterações cujo ERP mudou' },
  { key: 'heldPrices', label: 'Preços retidos', to: '/console/price-review', hint: 'Ver preços aguardando confirmação' },
  { key: 'campaignsInFlight', label: 'Campanhas em andamento', to: '/console/campaign-email', hint: 'Ver campanhas' },
];

/** The home screen's numbers beside the readiness chart, each a link to its list. */
export function HealthCounters({ projectId }: { projectId: string }) {
  const state = useHealthCounts(projectId);
  return (
    <Box as="section" aria-label={TEXTS.title}>
      {state.status === 'loading' && <Text color="fg.muted">{TEXTS.loading}</Text>}
      {state.status === 'error' && <Text role="alert">{TEXTS.failed}</Text>}
      {state.status === 'ready' && (
        <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3">
          {COUNTERS.map((counter) => (
            <Link
              key={counter.key}
              asChild
              variant="plain"
              _hover={{ textDecoration: 'none', bg: 'bg.muted' }}
              borderWidth="1px"
              borderRadius="md"
              p="3"
              title={counter.hint}
            >
              <RouterLink to={counter.to} data-testid={`health-${counter.key}`}>
                <Stat.Root>
                  <Stat.Label>{counter.label}</Stat.Label>
                  <Stat.ValueText>{formatNumber(state.counts[counter.key])}</Stat.ValueText>
                </Stat.Root>
              </RouterLink>
            </Link>
          ))}
        </SimpleGrid>
      )}
    </Box>
  );
}
