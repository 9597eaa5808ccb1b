import { describe, expect, it } from 'vitest';
import { canAccessProject, isAdmin, readAccessClaims } from './claims.js';

describe('access claims', () => {
  it('a staff user reaches only the projects listed in its claims', () => {
    const claims = readAccessClaims({ role: 'staff', projects: ['main', 'cookstore'] });
    expect(canAccessProject(claims, 'main')).toBe(true);
    expect(canAccessProject(claims, 'cdlbox')).toBe(false);
    expect(isAdmin(claims)).toBe(false);
  });

  it('an admin reaches every project', () => {
    const claims = readAccessClaims({ role: 'admin' });
    expect(canAccessProject(claims, 'anything')).toBe(true);
    expect(isAdmin(claims)).toBe(true);
  });

  it('missing or malformed claims grant nothing', () => {
    expect(readAccessClaims(null)).toBeNull();
    expect(readAccessClaims({})).toBeNull();
    expect(readAccessClaims({ role: 'owner', projects: ['main'] })).toBeNull();
    expect(readAccessClaims({ role: 'staff', projects: 'main' })).toBeNull();
    expect(canAccessProject(null, 'main')).toBe(false);
  });
});
