// GET /api/console/sync/config: what the sync screens need, without the credentials of config/bling.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';

let staff: string;
let cdlboxStaff: string;

beforeAll(async () => {
  [staff, cdlboxStaff] = await Promise.all([idToken(seedUser('staff', ['main', 'cookstore'])), idToken(seedUser('staff', ['cdlbox']))]);
});

describe('GET /api/console/sync/config', () => {
  it("gives a staff user the Bling accounts by description and the marketplaces' store ids, no credentials", async () => {
    const { status, json } = await api('/api/console/sync/config?project=main', { token: staff });
    expect(status).toBe(200);
    expect(json.blingAccounts).toEqual([
      { index: 0, description: 'Conta Principal' },
      { index: 1, description: 'Conta Marketplace' },
    ]);
    expect(Object.keys(json.marketplaces).sort()).toEqual(['amazon', 'madeiramadeira', 'magalu', 'shopee', 'updateStore']);
    expect(JSON.stringify(json)).not.toMatch(/secret|token|apiKey/i);
  });

  it('refuses a project the caller may not open', async () => {
    const { status, json } = await api('/api/console/sync/config?project=main', { token: cdlboxStaff });
    expect(status).toBe(403);
    expect(json.error).toBe('Sem acesso ao projeto main.');
  });
});
