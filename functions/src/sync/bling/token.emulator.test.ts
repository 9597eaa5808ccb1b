import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { testFirestore } from '../../../../test-support/stack.js';
import { FirestoreBlingTokenStore, type BlingAccountCredentials, type BlingBearer } from './token.js';

// A project of its own, so the seeded config/bling of main and cookstore stay as they are.
const project = `bling-token-test-${randomUUID().slice(0, 8)}`;
const firestore = testFirestore();
const document = firestore.doc(`project/${project}/config/bling`);
const bearer = (name: string): BlingBearer => ({
  accessToken: `access-${name}`,
  expiresIn: 21600,
  tokenType: 'Bearer',
  scope: 'produtos',
  refreshToken: `refresh-${name}`,
});

afterAll(async () => {
  await document.delete();
});

describe('config/bling in Firestore', () => {
  it('renews one account in a transaction: concurrent renewals exchange the refresh token once', async () => {
    await document.set({
      clientId: 'raiz',
      clientSecret: 'segredo',
      bearer: bearer('raiz'),
      accounts: [
        { description: 'Conta Principal', clientId: 'principal', clientSecret: 's1', bearer: bearer('principal'), storeCode: '203008694' },
        { description: 'Conta Marketplace', clientId: 'marketplace', clientSecret: 's2', bearer: bearer('marketplace') },
      ],
    });
    const exchanged: string[] = [];
    const exchange = async (stored: BlingAccountCredentials) => {
      exchanged.push(stored.bearer.refreshToken);
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { ...bearer('renovado'), expiresAt: '2030-01-01T00:00:00.000Z' };
    };
    // Two instances, as two function instances would have.
    const stores = [new FirestoreBlingTokenStore(firestore, project, 'Conta Principal'), new FirestoreBlingTokenStore(firestore, project, 0)];
    const results = await Promise.all(stores.map((store) => store.renew('access-principal', exchange)));

    expect(exchanged).toEqual(['refresh-principal']);
    expect(results.map((r) => r.accessToken)).toEqual(['access-renovado', 'access-renovado']);
    const stored = (await document.get()).data()!;
    expect(stored.accounts[0]).toEqual({
      description: 'Conta Principal',
      clientId: 'principal',
      clientSecret: 's1',
      storeCode: '203008694',
      bearer: { ...bearer('renovado'), expiresAt: '2030-01-01T00:00:00.000Z' },
    });
    expect(stored.accounts[1].bearer).toEqual(bearer('marketplace'));
    expect(stored.bearer).toEqual(bearer('raiz'));
    expect((await stores[1]!.read()).bearer.accessToken).toBe('access-renovado');
  });

  it('gives the lease back when Bling refuses the exchange, so the next call may try again', async () => {
    const store = new FirestoreBlingTokenStore(firestore, project, 'Conta Marketplace');
    await expect(store.renew('access-marketplace', () => Promise.reject(new Error('recusado')))).rejects.toThrow('recusado');
    expect((await document.get()).data()!.accounts[1].bearer).toEqual(bearer('marketplace'));
    expect((await store.renew('access-marketplace', async () => bearer('marketplace-2'))).accessToken).toBe('access-marketplace-2');
  });

  it('renews the top-level credentials in their own field', async () => {
    const store = new FirestoreBlingTokenStore(firestore, project, undefined);
    await store.renew('access-raiz', async () => bearer('raiz-2'));
    const stored = (await document.get()).data()!;
    expect(stored.bearer).toEqual(bearer('raiz-2'));
    expect(stored.accounts[0].bearer.accessToken).toBe('access-renovado');
  });
});
