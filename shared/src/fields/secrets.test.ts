import { describe, expect, it } from 'vitest';
import { blingSettings } from '../collections/settings/bling.js';
import { changedSecrets, secretValues } from './secrets.js';

describe('secrets of a settings document', () => {
  it('finds the secret fields with a value, in structs and in list items', () => {
    const data = {
      apiKey: 'k1',
      clientId: 'public',
      bearer: { accessToken: 't1', scope: 's' },
      accounts: [{ description: 'A', apiKey: 'k2' }, { apiKey: '' }],
    };
    expect([...secretValues(blingSettings.fields, data).keys()].sort()).toEqual(['accounts.0.apiKey', 'apiKey', 'bearer.accessToken']);
  });

  it('answers the paths a write set, changed or removed, and none for other fields', () => {
    const before = { apiKey: 'k1', clientId: 'a', bearer: { accessToken: 't1', refreshToken: 'r1' } };
    const after = { apiKey: 'k1', clientId: 'b', bearer: { accessToken: 't2' }, accounts: [{ clientSecret: 'c' }] };
    expect(changedSecrets(blingSettings.fields, before, after)).toEqual(['accounts.0.clientSecret', 'bearer.accessToken', 'bearer.refreshToken']);
    expect(changedSecrets(blingSettings.fields, before, { ...before, clientId: 'z' })).toEqual([]);
    expect(changedSecrets(blingSettings.fields, undefined, { apiKey: 'k' })).toEqual(['apiKey']);
  });
});
