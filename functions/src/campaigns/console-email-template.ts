import {
  consoleEmailTemplateTestEndpoint,
  consoleEmailTemplatePreviewTicketEndpoint,
  consoleEmailTemplatePreviewEndpoint,
  PROJECT_COLLECTION,
  canAccessProject,
  projectIdSchema,
  readAccessClaims,
  renderEmail,
  TemplateError,
} from '@console/shared';
import * as logs from './logs.js';
import { ApiError } from '../lib/api-error.js';
import { adminAuth, firestore } from '../lib/admin.js';
import { requireProjectAccess, verifyCaller } from '../lib/caller.js';
import { RawResponse, serve, type Handler } from '../lib/endpoint.js';
import { campaignLinkSecret } from '../config.js';
import { PermanentSendError } from './send-channel.js';
import { sendgridFromParams } from './channel-registry.js';
import { CUSTOM_ARGS } from './email-channel.js';
import { loadEmailContent, loadSender } from './email-content.js';
import { previewTicket, verifyPreviewTicket } from './preview-ticket.js';

/** The products a template is shown with: those of the newest campaign using it (none otherwise). */
async function campaignBatchs(project: string, templateId: string): Promise<unknown> {
  const snap = await firestore.collection(`${PROJECT_COLLECTION}/${project}/campaign-email`).where('emailTemplateId', '==', templateId).limit(1).get();
  return snap.docs[0]?.data().batchs ?? [];
}

async function content(project: string, templateId: string, source: 'email-template' | 'task' = 'email-template') {
  try {
    if (source === 'task') {
      const task = (await firestore.doc(`${PROJECT_COLLECTION}/${project}/task/${templateId}`).get()).data();
      if (!task) throw new ApiError(404, 'Tarefa não encontrada.');
      return { ...(await loadSender(firestore, project)), products: [], template: { subject: task.title, body: task.body } };
    }
    return await loadEmailContent(firestore, project, templateId, await campaignBatchs(project, templateId));
  } catch (error) {
    if (error instanceof PermanentSendError) throw new ApiError(error.message.includes('não encontrado') ? 404 : 400, error.message);
    throw error;
  }
}

function render(...args: Parameters<typeof renderEmail>) {
  try {
    return renderEmail(...args);
  } catch (error) {
    if (error instanceof TemplateError) throw new ApiError(400, error.message);
    throw error;
  }
}

/**
 * POST /api/console/email-template?project {templateId} — 'Enviar teste' (email-template and task):
 * the template rendered with the same engine as the campaign, sent through SendGrid to the
 * signed-in operator, subject prefixed with [Teste], without the unsubscribe link and header.
 */
export const handleConsoleEmailTemplateTest: Handler<typeof consoleEmailTemplateTestEndpoint> = async ({ body, project, caller }) => {
  const to = caller.email;
  if (!to) throw new ApiError(400, 'Sua conta não tem e-mail para receber o teste.');
  const loaded = await content(project, body.templateId, body.source);
  const name = typeof caller.token.name === 'string' ? caller.token.name : '';
  const [firstName = '', ...rest] = (name || to.split('@')[0]!).split(' ');
  const rendered = render(loaded.template, {
    // No unsubscribe link nor List-Unsubscribe header: the operator clicking it would unsubscribe themselves.
    recipient: { firstName, lastName: rest.join(' '), email: to, unsubscribeUrl: null },
    products: loaded.products,
    store: loaded.store,
  });
  const subject = `[Teste] ${rendered.subject}`;
  const result = await sendgridFromParams().send({
    // Custom args in the personalization: SendGrid's contract types a top-level custom_args as a string.
    personalizations: [{ to: [{ email: to }], custom_args: { [CUSTOM_ARGS.project]: project, console_test: body.templateId.replace(/[^\w-]/g, '_') } }],
    from: { email: loaded.sender.email, ...(loaded.sender.name ? { name: loaded.sender.name } : {}) },
    ...(loaded.sender.replyTo ? { reply_to: { email: loaded.sender.replyTo } } : {}),
    subject,
    content: [{ type: 'text/html', value: rendered.html }],
  });
  if (result.kind === 'accepted') return { ok: true as const, to, subject };
  if (result.kind === 'rate-limited') throw new ApiError(429, 'SendGrid: limite de envios atingido. Tente em alguns segundos.');
  if (result.kind === 'refused') {
    logs.sendgridTestEmailRefused(project, result.status, result.detail);
    throw new ApiError(502, `SendGrid recusou o e-mail (HTTP ${result.status}): ${result.message}`);
  }
  throw new ApiError(502, `SendGrid não confirmou o envio (${result.reason}). Veja sua caixa de entrada antes de tentar de novo.`);
};

export const consoleEmailTemplateTest = serve(consoleEmailTemplateTestEndpoint, handleConsoleEmailTemplateTest);

/** POST /api/console/email-template/preview-ticket?project {id} — the URL 'Ver' opens (see preview-ticket.ts). */
export const handleConsoleEmailTemplatePreviewTicket: Handler<typeof consoleEmailTemplatePreviewTicketEndpoint> = async ({ body, project, caller }) => {
  // A ticket only for a template of this project that exists (the contract has refused ids that
  // are not one document id, such as '../config/waba').
  const template = await firestore.doc(`${PROJECT_COLLECTION}/${project}/email-template/${body.id}`).get();
  if (!template.exists) throw new ApiError(404, 'Template de e-mail não encontrado.');
  const ticket = previewTicket(campaignLinkSecret(), project, body.id, caller.uid);
  return { url: consoleEmailTemplatePreviewEndpoint.url({ query: { id: body.id, project, ticket } }) };
};

export const consoleEmailTemplatePreviewTicket = serve(consoleEmailTemplatePreviewTicketEndpoint, handleConsoleEmailTemplatePreviewTicket);

/** Nothing in the preview may run or load anything but images; it cannot be framed or submit forms. */
export const PREVIEW_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; sandbox",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'private, no-store',
};

/**
 * GET /api/console/email-template?id&project[&ticket] — 'Ver': the rendered e-mail as a page with a
 * strict Content-Security-Policy. Authorised by a Bearer token or by a preview ticket.
 */
export const handleConsoleEmailTemplatePreview: Handler<typeof consoleEmailTemplatePreviewEndpoint> = async ({ query, header }) => {
  const project = projectIdSchema.safeParse(query.project);
  if (!project.success) throw new ApiError(400, 'Parâmetro project ausente ou inválido.');
  if (header('authorization')) {
    requireProjectAccess(await verifyCaller(header('authorization')), project.data);
  } else {
    const uid = query.ticket ? verifyPreviewTicket(campaignLinkSecret(), project.data, query.id, query.ticket) : null;
    if (!uid) throw new ApiError(401, 'Link de visualização inválido ou expirado. Clique em "Ver" novamente.');
    const user = await adminAuth.getUser(uid).catch(() => null);
    if (!user || user.disabled || !canAccessProject(readAccessClaims(user.customClaims ?? null), project.data))
      throw new ApiError(403, `Sem acesso ao projeto ${project.data}.`);
  }
  const loaded = await content(project.data, query.id);
  const rendered = render(loaded.template, {
    recipient: { firstName: 'Maria', lastName: 'Silva', email: 'cliente@exemplo.com.br', unsubscribeUrl: '#descadastro' },
    products: loaded.products,
    store: loaded.store,
  });
  const title = rendered.subject.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return new RawResponse(
    200,
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title></head><body>${rendered.html}</body></html>`,
    PREVIEW_HEADERS,
  );
};

export const consoleEmailTemplatePreview = serve(consoleEmailTemplatePreviewEndpoint, handleConsoleEmailTemplatePreview);
