import type { Firestore } from 'firebase-admin/firestore';
import { PROJECT_COLLECTION, formatBrl, type TemplateProduct } from '@console/shared';
import { PermanentSendError } from './send-channel.js';

/** What every e-mail of a store needs: the template, the sender (config/sendgrid), the store's name and products. */
export interface EmailContent {
  template: { subject: unknown; body: unknown };
  sender: { email: string; name: string; replyTo: string | null };
  store: string;
  products: TemplateProduct[];
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The products of a campaign's `batchs` ([{sku}]) as template values; unknown SKUs are left out. */
export async function loadTemplateProducts(firestore: Firestore, project: string, batchs: unknown): Promise<TemplateProduct[]> {
  const skus = (Array.isArray(batchs) ? batchs : []).map((b) => text((b as { sku?: unknown })?.sku)).filter(Boolean);
  if (!skus.length) return [];
  const store = (await firestore.doc(`${PROJECT_COLLECTION}/${project}/config/store`).get()).data() ?? {};
  const domain = text(store.domain);
  const refs = skus.slice(0, 50).map((sku) => firestore.doc(`${PROJECT_COLLECTION}/${project}/product/${sku}`));
  const docs = await firestore.getAll(...refs);
  return docs
    .filter((d) => d.exists)
    .map((d) => {
      const p = d.data()!;
      const image = Array.isArray(p.images) ? text((p.images[0] as { url?: unknown })?.url) : '';
      return {
        sku: d.id,
        name: text(p.ProductSiteName) || d.id,
        price: formatBrl(p.Price),
        url: domain ? `https://${domain.replace(/^https?:\/\//, '')}/produto/${encodeURIComponent(d.id)}` : '',
        image: image || text(p.ProductImage),
      };
    });
}

/** The sender (config/sendgrid) and the store's name, for any e-mail of the store. */
export async function loadSender(firestore: Firestore, project: string): Promise<Omit<EmailContent, 'template' | 'products'>> {
  const base = `${PROJECT_COLLECTION}/${project}`;
  const [sendgridDoc, storeDoc] = await firestore.getAll(firestore.doc(`${base}/config/sendgrid`), firestore.doc(`${base}/config/store`));
  const sendgrid = sendgridDoc!.data() ?? {};
  const store = storeDoc!.data() ?? {};
  const from = text(sendgrid.email);
  if (!from) throw new PermanentSendError('Configure o e-mail do remetente em Configurações › SendGrid.');
  return { sender: { email: from, name: text(store.name), replyTo: text(sendgrid.emailReply) || null }, store: text(store.name) };
}

export async function loadEmailContent(firestore: Firestore, project: string, templateId: unknown, batchs: unknown): Promise<EmailContent> {
  if (typeof templateId !== 'string' || !templateId) throw new PermanentSendError('Escolha o template de e-mail da campanha.');
  // The three reads at once; a missing template is still the first problem told.
  const [templateDoc, sender, products] = await Promise.allSettled([
    firestore.doc(`${PROJECT_COLLECTION}/${project}/email-template/${templateId}`).get(),
    loadSender(firestore, project),
    loadTemplateProducts(firestore, project, batchs),
  ]);
  if (templateDoc.status === 'rejected') throw templateDoc.reason;
  const template = templateDoc.value.data();
  if (!template) throw new PermanentSendError('Template de e-mail não encontrado.');
  if (sender.status === 'rejected') throw sender.reason;
  if (products.status === 'rejected') throw products.reason;
  return { ...sender.value, template: { subject: template.subject, body: template.body }, products: products.value };
}
