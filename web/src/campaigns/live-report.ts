import { useEffect, useRef } from 'react';
import { onSnapshot, type Query } from 'firebase/firestore';

/**
 * Calls `refresh` whenever what a campaign report is made of changes in Firestore (a listener,
 * not a one-shot fetch): delivery events and statuses keep arriving after 'Envio concluído', and
 * the report follows them. Changes close together are refreshed once (a webhook writes in bursts).
 */
export function useLiveReport(target: Query | null, refresh: () => void, settleMs = 800): void {
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  useEffect(() => {
    if (!target) return;
    let first = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = onSnapshot(
      target,
      (snapshot) => {
        // The first snapshot may already hold changes made after the report was fetched (the
        // listener starts once that answer is in): only an empty one is surely nothing new.
        if (first) {
          first = false;
          if (snapshot.empty) return;
        }
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => refreshRef.current(), settleMs);
      },
      () => undefined,
    );
    return () => {
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [target, settleMs]);
}
