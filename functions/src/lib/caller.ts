import type { DecodedIdToken } from 'firebase-admin/auth';
import { canAccessProject, projectIdSchema, readAccessClaims, type AccessClaims } from '@console/shared';
import { adminAuth } from './admin.js';
import { ApiError, forbidden, unauthenticated } from './api-error.js';

export interface Caller {
  uid: string;
  email: string | null;
  token: DecodedIdToken;
  claims: AccessClaims | null;
}

/**
 * Tokens this instance verified, by their text, for a minute at most (and never past their expiry):
 * a burst of calls with one token (an import's batches, the bulk screen's AI texts) verifies it
 * and asks Auth about revocation once instead of once per call. The price: a token revoked, or a
 * user disabled, is still accepted here for up to that minute.
 */
const VERIFIED_FOR_MS = 60_000;
const VERIFIED_MAX = 500;
const verified = new Map<string, { caller: Caller; until: number }>();

function remember(idToken: string, caller: Caller, now: number): void {
  if (verified.size >= VERIFIED_MAX) {
    for (const [key, entry] of verified) if (entry.until <= now) verified.delete(key);
    if (verified.size >= VERIFIED_MAX) verified.clear();
  }
  verified.set(idToken, { caller, until: Math.min(now + VERIFIED_FOR_MS, caller.token.exp * 1000) });
}

/** Verifies the Firebase ID token of `Authorization: Bearer <token>` (revocation checked). */
export async function verifyCaller(authorization: string | undefined, now = Date.now()): Promise<Caller> {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!match) throw unauthenticated();
  const idToken = match[1]!;
  const known = verified.get(idToken);
  if (known && known.until > now) return known.caller;
  let token: DecodedIdToken;
  try {
    token = await adminAuth.verifyIdToken(idToken, true);
  } catch {
    verified.delete(idToken);
    throw new ApiError(401, 'Sessão inválida ou expirada. Entre novamente.');
  }
  const caller = { uid: token.uid, email: token.email ?? null, token, claims: readAccessClaims(token) };
  remember(idToken, caller, now);
  return caller;
}

/** The `project` the request names, checked against the caller's claims. */
export function requireProjectAccess(caller: Caller, project: unknown): string {
  const parsed = projectIdSchema.safeParse(project);
  if (!parsed.success) throw new ApiError(400, 'Parâmetro project ausente ou inválido.');
  if (!canAccessProject(caller.claims, parsed.data)) throw forbidden(parsed.data);
  return parsed.data;
}
