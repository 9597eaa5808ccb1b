// Helpers the benchmarks that start a stack share.
import { ports } from '../scripts/lib/config.mjs';

/**
 * An ID token of a seeded user, from the stack's Auth emulator.
 * @param {string} email
 * @param {string} password
 * @returns {Promise<string>}
 */
export async function signIn(email, password) {
  const res = await fetch(`http://127.0.0.1:${ports.auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return (await res.json()).idToken;
}
