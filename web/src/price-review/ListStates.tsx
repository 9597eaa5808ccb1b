import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PRICE_REVIEW_TEXTS as T } from './texts';
import type { ReviewList } from './use-price-review';

/** A review list's loading, failed and empty states; `children` renders its rows once there are some. */
export function ListStates<R>({
  list,
  empty,
  emptyTestId,
  children,
}: {
  list: ReviewList<R>;
  empty: string;
  emptyTestId?: string;
  children(rows: R[]): ReactNode;
}) {
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
      <Text fontSize="sm" color="fg.muted" data-testid={emptyTestId}>
        {empty}
      </Text>
    );
  return <>{children(list.rows)}</>;
}
