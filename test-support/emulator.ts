// Helpers for tests that run against the stack started by scripts/test.mjs.
import { readFileSync } from 'node:fs';

export const CONSOLE_URL = process.env.CONSOLE_URL ?? 'http://localhost:5000';
const AUTH_HOST = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

export interface SeedUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  claims: { role: 'admin' | 'staff'; projects: string[] };
}

const users: SeedUser[] = JSON.parse(readFileSync(new URL('../emulator-data/seed/users.json', import.meta.url), 'utf8'));

/** The seeded user with this role whose projects are exactly `projects` (order ignored). */
export function seedUser(role: 'admin' | 'staff', projects?: string[]): SeedUser {
  const found = users.find((u) => u.claims.role === role && (!projects || [...u.claims.projects].sort().join() === [...projects].sort().join()));
  if (!found) throw new Error(`no seeded ${role} user for ${projects?.join(',')}`);
  return found;
}

/** A real ID token from the Auth emulator (password sign-in over its REST API). */
export async function idToken(user: Pick<SeedUser, 'email' | 'password'>): Promise<string> {
  const res = await fetch(`http://${AUTH_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password, returnSecureToken: true }),
  });
  const body = (await res.json()) as { idToken?: string; error?: unknown };
  if (!body.idToken) throw new Error(`sign-in failed for ${user.email}: ${JSON.stringify(body.error)}`);
  return body.idToken;
}

/** Calls the API through Hosting's /api/** rewrite, as the browser does. */
export async function api(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const res = await fetch(`${CONSOLE_URL}${path}`, { ...init, headers });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- every endpoint's answer; each test reads the fields it asserts
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text };
  }
  return { status: res.status, json, headers: res.headers };
}
