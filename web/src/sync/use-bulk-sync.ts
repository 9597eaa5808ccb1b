import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { callWorkerUrl } from '../lib/api';
import { createBulkSync, type BulkSyncController } from './bulk-sync';
import { runSyncTask, syncTask, type TaskContext } from './tasks';

/**
 * The bulk sync engine of this screen, running the tasks through the API as the signed-in user.
 * `runContext` is set before each start: the account and store ids chosen then apply to that run.
 * Leaving the screen pauses it: no new code is taken.
 */
export function useBulkSync() {
  const runContext = useRef<TaskContext | null>(null);
  const [controller] = useState<BulkSyncController>(() =>
    createBulkSync({
      runTask: (code, task) => {
        if (!runContext.current) throw new Error('Sincronização sem projeto');
        return runSyncTask(syncTask(task), code, runContext.current, (url) => callWorkerUrl(url));
      },
    }),
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => () => controller.pause(), [controller]);
  return { controller, state, runContext };
}

/** The current time, ticking every second while `active` (rate and time left move with it). */
export function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}
