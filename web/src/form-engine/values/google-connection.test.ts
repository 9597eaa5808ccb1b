import { describe, expect, it } from 'vitest';
import { connectedAccount, googleConnectPath, googleReturnMessage, googleStartRequested, isGoogleConnected, withoutStartRequest } from './google-connection';

describe('Google Console connection', () => {
  it('is connected when a token is stored', () => {
    expect(isGoogleConnected({ refresh_token: 'r', expiry_date: 1 })).toBe(true);
    expect(isGoogleConnected({ accessToken: 'a' })).toBe(true);
    expect(isGoogleConnected({ refresh_token: '' })).toBe(false);
    expect(isGoogleConnected(undefined)).toBe(false);
    expect(isGoogleConnected('token')).toBe(false);
  });

  it('links to the auth endpoint of the project', () => {
    expect(googleConnectPath('main')).toBe('/api/console/auth/google?project=main');
  });

  it('names the connected account, and reads the callback’s failure from the address', () => {
    expect(connectedAccount({ access_token: 'a', email: 'loja@gmail.com' })).toBe('loja@gmail.com');
    expect(connectedAccount({ email: 'loja@gmail.com' })).toBeNull();
    expect(googleReturnMessage('?google=error&message=Conex%C3%A3o%20cancelada%20no%20Google.')).toBe('Conexão cancelada no Google.');
    expect(googleReturnMessage('?google=connected')).toBeNull();
  });

  it('starts when the link was opened in a new tab, for that project only, and forgets the request', () => {
    expect(googleStartRequested('?google=start&project=main', 'main')).toBe(true);
    expect(googleStartRequested('?google=start&project=cookstore', 'main')).toBe(false);
    expect(googleStartRequested('?google=connected', 'main')).toBe(false);
    expect(withoutStartRequest('?google=start&project=main')).toBe('');
    expect(withoutStartRequest('?tab=2&google=start&project=main')).toBe('?tab=2');
    expect(withoutStartRequest('?google=error&message=x')).toBe('?google=error&message=x');
  });
});
