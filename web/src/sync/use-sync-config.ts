import { useEffect, useState } from 'react';
import { consoleSyncConfigEndpoint, type SyncConfigResponse } from '@console/shared';
import { callApi } from '../lib/api';

export type SyncConfigState = { status: 'loading' } | { status: 'ready'; config: SyncConfigResponse } | { status: 'error'; message: string };

/** GET /api/console/sync/config?project: the Bling accounts by description and the marketplace store ids. */
export function useSyncConfig(projectId: string): SyncConfigState {
  const [state, setState] = useState<SyncConfigState>({ status: 'loading' });
  useEffect(() => {
    let active = true;
    setState({ status: 'loading' });
    callApi(consoleSyncConfigEndpoint, { project: projectId }).then(
      (config) => active && setState({ status: 'ready', config }),
      (error: Error) => active && setState({ status: 'error', message: error.message }),
    );
    return () => {
      active = false;
    };
  }, [projectId]);
  return state;
}
