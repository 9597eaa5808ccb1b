import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * 'Ver' opens the rendered template in a new tab, which cannot send the operator's ID token: the
 * console first asks for a ticket (POST …/preview-ticket, authenticated), a signed, 5-minute
 * permission for this user, project and template, and the tab's URL carries it.
 */
const TICKET_MS = 5 * 60_000;

function mac(secret: string, project: string, id: string, uid: string, expires: number): string {
  return createHmac('sha256', secret).update(`preview\n${project}\n${id}\n${uid}\n${expires}`).digest('base64url');
}

export function previewTicket(secret: string, project: string, id: string, uid: string, now = Date.now()): string {
  const expires = now + TICKET_MS;
  return `${expires}.${Buffer.from(uid).toString('base64url')}.${mac(secret, project, id, uid, expires)}`;
}

/** The uid a ticket was issued to, or null when it is forged, altered or expired. */
export function verifyPreviewTicket(secret: string, project: string, id: string, ticket: string, now = Date.now()): string | null {
  const [expiresText, uidText, signature] = ticket.split('.');
  if (!expiresText || !uidText || !signature || !/^\d+$/.test(expiresText)) return null;
  const expires = Number(expiresText);
  if (expires < now) return null;
  const uid = Buffer.from(uidText, 'base64url').toString('utf8');
  const expected = Buffer.from(mac(secret, project, id, uid, expires));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? uid : null;
}
