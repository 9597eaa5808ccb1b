/**
 * biz_opaque_callback_data: what a send tells Meta to echo in its status webhooks, so a status
 * finds its message record without a look-up: `v1|{project}|{campaignId}|{recipientKey}` for a
 * campaign message, `v1|{project}|test` for the test message. Ids are [A-Za-z0-9_-] and under
 * Meta's 512 characters. It is not trusted alone: the webhook's signature covers it, and the
 * record must carry the same message id.
 */
export type OpaqueRef = { project: string; kind: 'campaign'; campaignId: string; recipientKey: string } | { project: string; kind: 'test' };

export function campaignOpaque(project: string, campaignId: string, recipientKey: string): string {
  return `v1|${project}|${campaignId}|${recipientKey}`;
}
export function testOpaque(project: string): string {
  return `v1|${project}|test`;
}

export function parseOpaque(text: string | undefined | null): OpaqueRef | null {
  if (!text || text.length > 512) return null;
  const parts = text.split('|');
  if (parts[0] !== 'v1' || parts.some((p) => !p || p.includes('/'))) return null;
  if (parts.length === 3 && parts[2] === 'test') return { project: parts[1]!, kind: 'test' };
  if (parts.length === 4) return { project: parts[1]!, kind: 'campaign', campaignId: parts[2]!, recipientKey: parts[3]! };
  return null;
}
