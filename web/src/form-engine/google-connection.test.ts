import { describe, expect, it } from 'vitest';
import { googleConnectPath, isGoogleConnected } from './google-connection';

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
});
