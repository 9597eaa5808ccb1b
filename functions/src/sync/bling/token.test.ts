import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.js';
import { bearerUpdate, locateBlingAccount } from './token.js';

const bearer = (name: string) => ({ accessToken: `access-${name}`, expiresIn: 21600, tokenType: 'Bearer', scope: 'produtos', refreshToken: `refresh-${name}` });
const config = {
  clientId: 'raiz',
  clientSecret: 'segredo-raiz',
  bearer: bearer('raiz'),
  accounts: [
    { description: 'Conta Principal', clientId: 'principal', clientSecret: 's1', bearer: bearer('principal'), storeCode: '1' },
    { description: 'Conta Marketplace', clientId: 'marketplace', clientSecret: 's2', bearer: bearer('marketplace') },
  ],
};

describe('Bling account in config/bling', () => {
  it('is chosen by index or by description; none is the top-level credentials', () => {
    expect(locateBlingAccount(config, undefined, 'main')).toMatchObject({ slot: 'root', credentials: { clientId: 'raiz', description: 'Conta padrão' } });
    expect(locateBlingAccount(config, 1, 'main')).toMatchObject({ slot: 1, credentials: { clientId: 'marketplace' } });
    expect(locateBlingAccount(config, '0', 'main')).toMatchObject({ slot: 0, credentials: { clientId: 'principal' } });
    expect(locateBlingAccount(config, ' conta marketplace ', 'main')).toMatchObject({ slot: 1, credentials: { description: 'Conta Marketplace' } });
  });

  it('falls back to the first account when the top level has no credentials', () => {
    const { clientId, clientSecret, bearer: _, ...withoutRoot } = config;
    expect(locateBlingAccount(withoutRoot, undefined, 'main').slot).toBe(0);
  });

  it('refuses an unknown account, a missing config and an account without credentials, in Portuguese', () => {
    expect(() => locateBlingAccount(config, 'Conta Inexistente', 'main')).toThrow(
      'Conta Bling "Conta Inexistente" não encontrada em config/bling do projeto main.',
    );
    expect(() => locateBlingAccount(undefined, undefined, 'main')).toThrow(ApiError);
    const noToken = { accounts: [{ description: 'Sem token', clientId: 'x', clientSecret: 'y' }] };
    expect(() => locateBlingAccount(noToken, 0, 'main')).toThrow('não tem token; autorize o aplicativo no Bling');
  });

  it('writes a renewed bearer to its own slot only, keeping the other fields of the account', () => {
    const renewed = bearer('novo');
    expect(bearerUpdate(config, 'root', renewed)).toEqual({ bearer: renewed });
    const { accounts } = bearerUpdate(config, 0, renewed) as { accounts: Record<string, unknown>[] };
    expect(accounts[0]).toEqual({ ...config.accounts[0], bearer: renewed });
    expect(accounts[1]).toBe(config.accounts[1]);
    expect(config.accounts[0]!.bearer).toEqual(bearer('principal'));
  });
});
