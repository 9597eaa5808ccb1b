import { Badge, NativeSelect } from '@chakra-ui/react';
import { createContext, useContext, type ReactNode } from 'react';
import { where, type QueryConstraint } from 'firebase/firestore';
import { isReadinessChannel, productReadinessSchema, type ReadinessChannel } from '@console/shared';
import { channelLabel, READINESS_TEXTS } from '../constants';
import { useStoreChannels } from '../use-store-channels';

const StoreChannels = createContext<readonly ReadinessChannel[]>(['site']);

/** The store's channels, read once for the filter and every row of the product list. */
export function StoreChannelsProvider({ projectId, children }: { projectId: string; children: ReactNode }) {
  return <StoreChannels.Provider value={useStoreChannels(projectId)}>{children}</StoreChannels.Provider>;
}

/** 'Não prontos para Magalu' and the like, one per channel the store sells on. */
export function ReadinessFilter({ value, onChange }: { value: string; onChange(value: string): void }) {
  const stored = useContext(StoreChannels);
  // The channel asked for (?readiness=magalu) is an option before the store's pricing rules load.
  const channels = isReadinessChannel(value) && !stored.includes(value) ? [...stored, value] : stored;
  return (
    <NativeSelect.Root size="sm" mt="2">
      <NativeSelect.Field aria-label={READINESS_TEXTS.filterLabel} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        <option value="">{READINESS_TEXTS.filterAll}</option>
        {channels.map((channel) => (
          <option key={channel} value={channel}>
            {READINESS_TEXTS.notReadyFor(channelLabel(channel))}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** The filter as a query: one array-contains on the stored `readiness.notReady`, no evaluation in the browser. */
export function readinessConstraints(value: string): QueryConstraint[] {
  return isReadinessChannel(value) ? [where('readiness.notReady', 'array-contains', value)] : [];
}

/** The row's readiness column: ready, or the store's channels it is not ready for. */
export function ReadinessRowBadge({ data }: { data: Record<string, unknown> }) {
  const channels = useContext(StoreChannels);
  const parsed = productReadinessSchema.safeParse(data.readiness);
  if (!parsed.success) {
    return (
      <Badge size="sm" variant="outline" aria-label={READINESS_TEXTS.rowUnknown} title={READINESS_TEXTS.rowUnknown}>
        ?
      </Badge>
    );
  }
  const missing = channels.filter((channel) => parsed.data.notReady.includes(channel)).map(channelLabel);
  const text = missing.length ? READINESS_TEXTS.rowNotReady(missing) : READINESS_TEXTS.rowReady;
  return (
    <Badge
      size="sm"
      colorPalette={missing.length ? 'orange' : 'green'}
      aria-label={READINESS_TEXTS.rowAria(missing)}
      title={text}
      maxW="7rem"
      truncate
      flexShrink={0}
    >
      {text}
    </Badge>
  );
}
