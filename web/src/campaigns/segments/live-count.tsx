import { Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { consoleCustomersSegmentsEndpoint } from '@console/shared';
import { callApi } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { formatCount } from '../glossary';

/**
 * The segment's member count, live: re-evaluated on the server (the same call as 'Testar
 * segmento') a moment after the rules or e-mails change and are saved (autosave); each condition
 * also shows its own preview in the condition builder.
 */
export function LiveSegmentCount({ projectId, docId, data }: { projectId: string; docId: string; data: Record<string, unknown> | null }) {
  const key = useDebouncedValue(JSON.stringify([data?.emails ?? null, data?.rules ?? null]), 800);
  const [state, setState] = useState<{ loading: boolean; count?: number; leftOut?: number; error?: string }>({ loading: true });
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    // Only the counts are shown: one member is asked for.
    callApi(consoleCustomersSegmentsEndpoint, { params: { segment: docId }, query: { pageSize: 1 }, project: projectId }, { signal: controller.signal })
      .then((report) => {
        setState({ loading: false, count: report.count, leftOut: Object.values(report.leftOutCounts).reduce((a, b) => a + b, 0) });
      })
      .catch((error: Error) => {
        if (!controller.signal.aborted) setState({ loading: false, error: error.message });
      });
    return () => controller.abort();
  }, [key, projectId, docId]);
  return (
    <Text fontSize="sm" aria-live="polite" data-testid="segment-live-count" display="flex" gap="2" alignItems="center">
      {state.error
        ? `Contagem indisponível: ${state.error}`
        : state.count === undefined
          ? 'Calculando membros…'
          : `Membros agora: ${formatCount(state.count)}${state.leftOut ? ` (${formatCount(state.leftOut)} fora do envio)` : ''}`}
      {state.loading && <Spinner size="xs" />}
    </Text>
  );
}
