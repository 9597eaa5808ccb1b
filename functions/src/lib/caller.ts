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

/** Verifies the Firebase ID token of `Authorization: Bearer <token>` (revocation checked). */
export async function verifyCaller(authorization: string | undefined): Promise<Caller> {
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!match) throw unauthenticated();
  let token: DecodedIdToken;
  try {
    token = await adminAuth.verifyIdToken(match[1]!, true);
  } catch {
    throw new ApiError(401, 'Sessão inválida ou expirada. Entre novamente.');
  }
  return { uid: token.uid, email: token.email ?? null, token, claims: readAccessClaims(token) };
}

/** The `project` the request names, checked against the caller's claims. */
export function requireProjectAccess(caller: Caller, project: unknown): string {
  const parsed = projectIdSchema.safeParse(project);
  if (!parsed.success) throw new ApiError(400, 'Parâmetro project ausente ou inválido.');
  if (!canAccessProject(caller.claims, parsed.data)) throw forbidden(parsed.data);
  return parsed.data;
}
