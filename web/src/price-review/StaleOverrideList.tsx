import { Link, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { PRICE_REVIEW_TEXTS as T } from './texts';
import { staleSentence } from './review';
import { StaleOverrideActions } from './StaleOverrideActions';
import { useStaleOverrides } from './use-price-review';

interface StaleOverrideListProps {
  projectId: string;
  /** How a field is named and its values shown (the product panel's labels and formats). */
  fieldLabel(field: string): string;
  showValue(field: string, value: unknown): string;
}

/** The project's stale overrides (issue 29 point 4), realtime, each with its two answers. */
export function StaleOverrideList({ projectId, fieldLabel, showValue }: StaleOverrideListProps) {
  const list = useStaleOverrides(projectId);
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
      <Text fontSize="sm" color="fg.muted">
        {T.noStale}
      </Text>
    );
  return (
    <Table.Root size="sm" aria-label={T.staleTitle} data-testid="stale-overrides">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{T.product}</Table.ColumnHeader>
          <Table.ColumnHeader>{T.field}</Table.ColumnHeader>
          <Table.ColumnHeader>{T.yours}</Table.ColumnHeader>
          <Table.ColumnHeader>{T.upstream}</Table.ColumnHeader>
          <Table.ColumnHeader>{T.actions}</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {list.rows.map((row) => (
          <Table.Row key={row.id} data-testid="stale-override">
            <Table.Cell>
              <Link asChild variant="underline">
                <RouterLink to={`/console/product/${encodeURIComponent(row.code)}`}>{row.code}</RouterLink>
              </Link>
            </Table.Cell>
            <Table.Cell>{fieldLabel(row.field)}</Table.Cell>
            <Table.Cell>{showValue(row.field, row.value)}</Table.Cell>
            <Table.Cell>{staleSentence(row.upstreamBefore, row.upstreamNow, row.at, (v) => showValue(row.field, v))}</Table.Cell>
            <Table.Cell>
              <StaleOverrideActions projectId={projectId} code={row.code} field={row.field} />
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
