import { useEffect, useState } from 'react';
import { onSnapshot } from 'firebase/firestore';
import { channelsOfStore, type ReadinessChannel } from '@console/shared';
import { projectCollection } from '../lib/firestore-paths';

/** The channels the store sells on (its site and the marketplaces its active pricing rules name), realtime. */
export function useStoreChannels(projectId: string): ReadinessChannel[] {
  const [channels, setChannels] = useState<ReadinessChannel[]>(['site']);
  useEffect(
    () =>
      onSnapshot(
        projectCollection(projectId, 'pricing-rule'),
        (snapshot) => setChannels(channelsOfStore(snapshot.docs.map((d) => d.data()))),
        (error) => console.error('Falha ao ler as regras de preço', error),
      ),
    [projectId],
  );
  return channels;
}
