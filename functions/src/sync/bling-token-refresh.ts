import { onSchedule } from 'firebase-functions/v2/scheduler';
import { REGION, blingApiUrl } from '../config.js';

/**
 * Keeps every Bling account's tokens alive: once a day (03:00 in Brasília, outside the stores'
 * working hours) the accounts whose refresh token is a week old are renewed
 * (bling/refresh-accounts.ts), so an idle account never reaches Bling's 30-day limit.
 */
export const blingTokenRefresh = onSchedule(
  { region: REGION, schedule: '0 3 * * *', timeZone: 'America/Sao_Paulo', timeoutSeconds: 300, memory: '256MiB', retryCount: 2 },
  async () => {
    const [{ firestore }, { refreshBlingAccounts }] = await Promise.all([import('../lib/admin.js'), import('./bling/refresh-accounts.js')]);
    await refreshBlingAccounts(firestore, { apiUrl: blingApiUrl().replace(/\/+$/, '') });
  },
);
