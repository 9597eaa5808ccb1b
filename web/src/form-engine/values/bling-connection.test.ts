import { describe, expect, it } from 'vitest';
import { blingConnectionRows, blingRedirectLink, blingReturn } from './bling-connection';

describe('Bling connections', () => {
  it('lists the top-level account (when it has an app) and each account, with the bearer dates', () => {
    const rows = blingConnectionRows({
      clientId: 'raiz',
      clientSecret: 's',
      bearer: {
        accessToken: 'a',
        refreshToken: 'r',
        expiresAt: '2026-12-06T21:00:00.000Z',
        refreshedAt: '2026-12-06T15:00:00.000Z',
        refreshExpiresAt: '2027-01-05T15:00:00.000Z',
      },
      accounts: [
        { description: 'Conta Principal', clientId: 'p', clientSecret: 's', tokenError: 'Bling: o Bling recusou a renovação do token' },
        { description: '  ', clientId: '', bearer: { refreshToken: 'x' } },
      ],
    });
    expect(rows).toEqual([
      {
        account: 'root',
        description: 'Conta padrão',
        hasApp: true,
        connected: true,
        expiresAt: new Date('2026-12-06T21:00:00.000Z'),
        refreshedAt: new Date('2026-12-06T15:00:00.000Z'),
        refreshExpiresAt: new Date('2027-01-05T15:00:00.000Z'),
        error: null,
      },
      expect.objectContaining({
        account: '0',
        description: 'Conta Principal',
        hasApp: true,
        connected: false,
        error: 'Bling: o Bling recusou a renovação do token',
      }),
      expect.objectContaining({ account: '1', description: 'Conta 1', hasApp: false, connected: true, expiresAt: null }),
    ]);
    expect(blingConnectionRows({ accounts: [] })).toEqual([]);
    expect(blingConnectionRows(undefined)).toEqual([]);
  });

  it("reads the callback's outcome from the page's query", () => {
    expect(blingReturn('?bling=connected&account=0')).toEqual({ kind: 'connected', message: 'Conta Bling conectada.' });
    expect(blingReturn('?bling=error&message=Autoriza%C3%A7%C3%A3o%20cancelada%20no%20Bling.')).toEqual({
      kind: 'error',
      message: 'Autorização cancelada no Bling.',
    });
    expect(blingReturn('?google=connected')).toBeNull();
    expect(blingRedirectLink('https://console.loja.com.br')).toBe('https://console.loja.com.br/api/console/sync/bling/callback');
  });
});
