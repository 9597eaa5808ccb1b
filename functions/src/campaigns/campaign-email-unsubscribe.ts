import { FieldValue } from 'firebase-admin/firestore';
import {
  campaignEmailUnsubscribePageEndpoint,
  campaignEmailUnsubscribeEndpoint,
  documentIdProblem,
  PROJECT_COLLECTION,
  projectIdSchema,
  type QueryOf,
} from '@console/shared';
import { firestore } from '../lib/admin.js';
import { RawResponse, serve, type Handler } from '../lib/endpoint.js';
import { campaignLinkSecret } from '../config.js';
import { PREFERENCE_COLLECTION } from './email-channel.js';
import { verifyUnsubscribe } from './links.js';

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const page = (status: number, title: string, body: string) =>
  new RawResponse(
    status,
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(title)}</title></head><body style="font-family:sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><h1 style="font-size:1.4rem">${escape(title)}</h1>${body}</body></html>`,
    PAGE_HEADERS,
  );

/** The address a link unsubscribes in its project, or null for a link that is not ours. */
async function linkAddress(q: QueryOf<typeof campaignEmailUnsubscribeEndpoint>): Promise<{ project: string; email: string } | null> {
  const project = projectIdSchema.safeParse(q.project);
  if (!project.success || !q.e || !q.s) return null;
  const email = verifyUnsubscribe(campaignLinkSecret(), project.data, q.e, q.s);
  if (!email) return null;
  if (!(await firestore.doc(`${PROJECT_COLLECTION}/${project.data}`).get()).exists) return null;
  return { project: project.data, email };
}

const invalid = () => page(400, 'Link de descadastro inválido', '<p>Este link não é válido. Use o link do e-mail mais recente que você recebeu.</p>');

/**
 * Records the opt-out in campaign-email-preference, once: the document of that address (found by
 * its `email`, else created with the address as id) gets unsubscribed and unsubscribedAt; calling
 * again changes nothing (the first unsubscribedAt stays).
 */
export async function unsubscribe(project: string, email: string): Promise<'unsubscribed' | 'already'> {
  const prefs = firestore.collection(`${PROJECT_COLLECTION}/${project}/${PREFERENCE_COLLECTION}`);
  return firestore.runTransaction(async (tx) => {
    const found = (await tx.get(prefs.where('email', '==', email).limit(1))).docs[0];
    if (found?.data().unsubscribed === true) return 'already' as const;
    const ref = found?.ref ?? prefs.doc(documentIdProblem(email) ? Buffer.from(email).toString('base64url') : email);
    tx.set(
      ref,
      { id: ref.id, email, unsubscribed: true, unsubscribedAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() },
      { merge: true },
    );
    return 'unsubscribed' as const;
  });
}

/**
 * GET /api/campaign-email/unsubscribe?project&e&s — the link in every campaign e-mail: a page asking
 * to confirm (a GET changes nothing: mail scanners open links).
 */
export const handleCampaignEmailUnsubscribePage: Handler<typeof campaignEmailUnsubscribePageEndpoint> = async ({ query: q }) => {
  const link = await linkAddress(q);
  if (!link) return invalid();
  return page(
    200,
    'Descadastrar e-mail',
    `<p>Deixar de receber os e-mails de campanhas em <b>${escape(link.email)}</b>?</p><form method="post"><button type="submit" style="font-size:1rem;padding:.5rem 1rem">Descadastrar</button></form>`,
  );
};

export const campaignEmailUnsubscribePage = serve(campaignEmailUnsubscribePageEndpoint, handleCampaignEmailUnsubscribePage);

/**
 * POST /api/campaign-email/unsubscribe?project&e&s — one-click unsubscribe (RFC 8058: mail clients
 * POST `List-Unsubscribe=One-Click` to the List-Unsubscribe URL) and the page's button. Idempotent.
 */
export const handleCampaignEmailUnsubscribe: Handler<typeof campaignEmailUnsubscribeEndpoint> = async ({ query: q }) => {
  const link = await linkAddress(q);
  if (!link) return invalid();
  await unsubscribe(link.project, link.email);
  return page(200, 'E-mail descadastrado', `<p><b>${escape(link.email)}</b> não receberá mais nossos e-mails de campanhas.</p>`);
};

export const campaignEmailUnsubscribe = serve(campaignEmailUnsubscribeEndpoint, handleCampaignEmailUnsubscribe);
