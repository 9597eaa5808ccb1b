import { z } from 'zod';

/**
 * Custom claims set on each Firebase Auth user (by `npm run grant`, see scripts/grant-access.mjs).
 * Admins reach every project and the credential config documents; staff only the projects listed.
 */
export const ROLES = ['admin', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const accessClaimsSchema = z.object({
  role: z.enum(ROLES),
  projects: z.array(z.string().min(1)).default([]),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;

/** Reads the access claims out of a decoded ID token; anything malformed grants nothing. */
export function readAccessClaims(token: Record<string, unknown> | null | undefined): AccessClaims | null {
  if (!token) return null;
  const parsed = accessClaimsSchema.safeParse({ role: token.role, projects: token.projects ?? [] });
  return parsed.success ? parsed.data : null;
}

export function canAccessProject(claims: AccessClaims | null, projectId: string): boolean {
  if (!claims) return false;
  return claims.role === 'admin' || claims.projects.includes(projectId);
}

export function isAdmin(claims: AccessClaims | null): boolean {
  return claims?.role === 'admin';
}

/** The admin-only config documents: one source, shared/src/access/config-documents.ts. */
export { ADMIN_ONLY_CONFIG_DOCS, isAdminOnlyConfig } from './config-documents.js';
