import { Button, HStack, Link, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { toaster } from '../app/toaster';

import { formatDateTime, formatMoney } from '../lib/format';
import { PRICE_FIELD_LABELS, PRICE_REVIEW_TEXTS as T } from './texts';
import { confirmHeldPrice, discardHeldPrice, useHeldPrices } from './use-price-review';
import { errorText, type HeldPrice } from './review';

interface HeldPriceListProps {
  projectId: string;
  /** Only this product's held changes (the product panel); all of the project's otherwise. */
  productCode?: string;
}

/** A reason asked in a prompt; cancelled or blank: 'Alteração cancelada'. */
function askReason(prompt: string): string | null {
  const answer = window.prompt(prompt);
  if (answer === null || answer.trim() === '') {
    window.alert(T.cancelled);
    return null;
  }
  return answer.trim();
}

/**
 * Held price changes (issue 29 point 3), realtime: what, from → to, why it was held (in numbers),
 * where it came from, and 'Confirmar' (applies it, with a reason kept in the changelog) or
 * 'Descartar'. Shown in the product panel (one product) and on the review screen (the project).
 */
export function HeldPriceList({ projectId, productCode }: HeldPriceListProps) {
  const list = useHeldPrices(projectId, productCode);
  const [busy, setBusy] = useState<string | null>(null);

  async function act(row: HeldPrice, action: 'confirm' | 'discard') {
    const reason = askReason(action === 'confirm' ? T.confirmReasonPrompt(row.message) : T.discardReasonPrompt);
    if (reason === null) return;
    setBusy(row.id);
    try {
      if (action === 'confirm') {
        const answer = await confirmHeldPrice(projectId, row.id, reason);
        toaster.create({ type: 'success', title: answer.alreadyApplied ? T.alreadyApplied : T.confirmed });
      } else {
        await discardHeldPrice(projectId, row.id, reason);
        toaster.create({ type: 'success', title: T.discarded });
      }
    } catch (error) {
      toaster.create({ type: 'error', title: T.failed, description: errorText(error) });
    } finally {
      setBusy(null);
    }
  }

  if (list.status === 'loading')
    return (
      <Text fontSize="sm" color="fg.muted">
        {T.loading}
      </Text>
    );
  if (list.status === 'error')
    return (
      <Text fontSize="sm" role="alert">
        {T.loadFailed}
      </Text>
    );
  if (list.rows.length === 0)
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="held-prices-empty">
        {T.noHeld}
      </Text>
    );
  return (
    <Table.Root size="sm" aria-label={T.heldTitle} data-testid="held-prices">
      <Table.Header>
        <Table.Row>
          {!productCode && <Table.ColumnHeader>{T.product}</Table.ColumnHeader>}
          <Table.ColumnHeader>{T.change}</Table.ColumnHeader>
          <Table.ColumnHeader>{T.why}</Table.ColumnHeader>
          <Table.ColumnHeader>{T.origin}</Table.ColumnHeader>
          <Table.ColumnHeader>{T.actions}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.rows.map((row) => {
          const label = PRICE_FIELD_LABELS[row.field] ?? row.field;
          return (
            <Table.Row key={row.id} data-testid="held-price">
              {!productCode && (
                <Table.Cell>
                  <Link asChild variant="underline">
                    <RouterLink to={`/console/product/${encodeURIComponent(row.code)}`}>{row.code}</RouterLink>
                  </Link>
                </Table.Cell>
              )}
              <Table.Cell>
                <Text as="strong">{label}</Text>: {formatMoney(row.from) || '—'} → {formatMoney(row.to) || '—'}
              </Table.Cell>
              <Table.Cell data-testid="held-price-message">{row.message}</Table.Cell>
              <Table.Cell>
                <Text>{T.sources[row.source] ?? row.source}</Text>
                <Text color="fg.muted" fontSize="xs">
                  {row.who} · {formatDateTime(row.when)} · “{row.about}”
                </Text>
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1">
                  <Button
                    size="xs"
                    colorPalette="orange"
                    disabled={busy !== null}
                    loading={busy === row.id}
                    aria-label={T.confirmLabel(label, row.code)}
                    onClick={() => void act(row, 'confirm')}
                  >
                    {T.confirm}
                  </Button>
                  <Button
                    size="xs"
                    variant="ghost"
                    disabled={busy !== null}
                    aria-label={T.discardLabel(label, row.code)}
                    onClick={() => void act(row, 'discard')}
                  >
                    {T.discard}
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
