import { Box, Spinner, Table, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { consoleConditionsPreviewEndpoint, type ConditionNode, type ConditionPreviewResponse } from '@console/shared';
import { useCurrentProject } from '../app/project-context';
import { callApi } from '../lib/api';
import { formatMoney, formatNumber } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';

const NOUNS = { product: 'produtos', customer: 'clientes' } as const;

/**
 * "N de M produtos" (or clientes) with a sample, evaluated on the server
 * (POST /api/console/conditions/preview) after typing pauses, so typing never waits for it; a
 * newer tree cancels the request of an older one.
 */
export function ConditionPreview({ context, tree, blocked }: { context: 'product' | 'customer'; tree: ConditionNode | null; blocked: string | null }) {
  const project = useCurrentProject();
  const debounced = useDebouncedValue(tree, 400);
  const [state, setState] = useState<{ loading: boolean; answer?: ConditionPreviewResponse; error?: string }>({ loading: false });
  // A failed preview (a cold or busy server) is asked again after 2, 4 and 8 s.
  const [retried, setRetried] = useState<{ tree: ConditionNode | null; attempt: number }>({ tree: null, attempt: 0 });
  const attempt = retried.tree === debounced ? retried.attempt : 0;

  useEffect(() => {
    if (!debounced || blocked) {
      setState({ loading: false });
      return;
    }
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    setState((s) => ({ ...s, loading: true }));
    callApi(consoleConditionsPreviewEndpoint, { project: project.id, body: { context, map: debounced, sampleSize: 8 } }, { signal: controller.signal })
      .then((answer) => setState({ loading: false, answer }))
      .catch((error: Error) => {
        if (controller.signal.aborted) return;
        setState((s) => ({ ...s, loading: false, error: error.message }));
        if (attempt < 3) retry = setTimeout(() => setRetried({ tree: debounced, attempt: attempt + 1 }), 2000 * 2 ** attempt);
      });
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [debounced, blocked, context, project.id, attempt]);

  if (!tree) return null;
  if (blocked)
    return (
      <Text fontSize="sm" color="fg.muted">
        Prévia indisponível: corrija a condição.
      </Text>
    );
  const { answer } = state;
  return (
    <Box aria-live="polite">
      <Text fontSize="sm" fontWeight="semibold" data-testid="condition-preview-count" display="flex" gap="2" alignItems="center">
        {answer ? `${formatNumber(answer.matched, 0)} de ${formatNumber(answer.total, 0)} ${NOUNS[context]}` : 'Calculando…'}
        {state.loading && <Spinner size="xs" />}
      </Text>
      {state.error && (
        <Text role="alert" fontSize="xs" color="red.600">
          {state.error}
        </Text>
      )}
      {answer && answer.sample.length > 0 && (
        <Table.Root size="sm" mt="1" variant="outline">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{context === 'product' ? 'Código' : 'E-mail'}</Table.ColumnHeader>
              <Table.ColumnHeader>Nome</Table.ColumnHeader>
              {context === 'product' && <Table.ColumnHeader textAlign="end">Preço</Table.ColumnHeader>}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {answer.sample.map((s) => (
              <Table.Row key={s.id}>
                <Table.Cell>{s.code}</Table.Cell>
                <Table.Cell>{s.name}</Table.Cell>
                {context === 'product' && <Table.Cell textAlign="end">{formatMoney(s.price ?? null)}</Table.Cell>}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}
