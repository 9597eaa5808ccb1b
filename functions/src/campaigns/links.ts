import { createHmac, timingSafeEqual } from 'node:crypto';
import { campaignEmailUnsubscribeEndpoint } from '@console/shared';

/**
 * Unsubscribe links of campaign e-mails: /api/campaign-email/unsubscribe?project&e&s, where `e` is
 * the address (base64url) and `s` an HMAC of project and address with CAMPAIGN_LINK_SECRET, so a
 * link unsubscribes exactly its own recipient and cannot be forged for another address.
 */

function signature(secret: string, project: string, email: string): string {
  return createHmac('sha256', secret).update(`unsubscribe\n${project}\n${email}`).digest('base64url').slice(0, 32);
}

export function unsubscribeUrl(base: string, secret: string, project: string, email: string): string {
  const e = Buffer.from(email).toString('base64url');
  return new URL(campaignEmailUnsubscribeEndpoint.url({ query: { project, e, s: signature(secret, project, email) } }), base).toString();
}

/** The address a link unsubscribes, or null when the link is not one of ours. */
export function verifyUnsubscribe(secret: string, project: string, e: string, s: string): string | null {
  let email: string;
  try {
    email = Buffer.from(e, 'base64url').toString('utf8');
  } catch {
    return null;
  }
  const expected = Buffer.from(signature(secret, project, email));
  const given = Buffer.from(s);
  return expected.length === given.length && timingSafeEqual(expected, given) ? email : null;
}
