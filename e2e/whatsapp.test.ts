// WhatsApp and the Google connection in the browser (issue 16): 'Carregar templates', a template's
// phone-style preview, the test message, a campaign sent after 'Confirma o envio?' with its report,
// and 'Conectar' on the Google Console configuration through the OAuth sandbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FieldValue } from 'firebase-admin/firestore';
import { answerDialogs, launchBrowser, openConsole, rememberProject, signIn } from '../test-support/browser.js';
import { openDocument } from '../test-support/document.js';
import { seedUser } from '../test-support/emulator.js';
import { sandboxUrls, testFirestore } from '../test-support/stack.js';

const staff = seedUser('staff', ['main', 'cookstore']);
const admin = seedUser('admin');
const run = Date.now().toString(36);
let browser: Browser;
const pages: Page[] = [];
let whatsapp: string;

async function signedIn(user = staff) {
  const page = await openConsole(browser, '/signin');
  pages.push(page);
  const dialogs = answerDialogs(page);
  await signIn(page, user.email, user.password);
  await rememberProject(page, 'main');
  return { page, dialogs };
}
/**
 * 'Carregar templates' on the template list, waiting for its report. The templates the tests open
 * (carrinho_abandonado, boas_vindas) are not in the seed: they come from the WhatsApp sandbox this way.
 */
async function loadTemplates(page: Page) {
  await page.goto('/console/whatsapp-template');
  await page.getByRole('button', { name: 'Carregar templates' }).click();
  await page.getByText(/^Templates carregados: \d+ novo\(s\), \d+ atualizado\(s\), \d+ sem alteração(, \d+ indisponível.*)?\.$/).waitFor();
}
const sandboxMessages = async () =>
  (
    (await (await fetch(`${whatsapp}/__whatsapp/messages`)).json()) as {
      messages: { to: string; template: string; opaque: string | null; components: { type: string; parameters?: { text?: string }[] }[] }[];
    }
  ).messages;
const bodyParameters = (m: { components: { type: string; parameters?: { text?: string }[] }[] }) =>
  m.components.find((c) => c.type === 'body')?.parameters?.map((p) => p.text) ?? [];

beforeAll(async () => {
  whatsapp = new URL(sandboxUrls().whatsapp!).origin;
  await fetch(`${whatsapp}/__whatsapp/settings`, { method: 'DELETE' });
  await fetch(`${whatsapp}/__whatsapp/messages`, { method: 'DELETE' });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const page of pages)
    await page
      .context()
      .close()
      .catch(() => {});
  await browser?.close();
});

describe('WhatsApp templates', () => {
  it("'Carregar templates' brings the approved templates into the list", async () => {
    await testFirestore().doc('project/main/whatsapp-template/carrinho_abandonado').delete();
    const { page } = await signedIn();
    await loadTemplates(page);
    await page.getByTestId('collection-panel').getByText('carrinho_abandonado').waitFor();
  });

  it('previews a template as a phone shows it, placeholders marked', async () => {
    const { page } = await signedIn();
    await loadTemplates(page);
    await openDocument(page, 'whatsapp-template/carrinho_abandonado');
    const preview = page.getByTestId('whatsapp-preview');
    await preview.waitFor();
    await expect.poll(() => preview.locator('[data-part="header"]').textContent()).toBe('{{1}}, você esqueceu algo');
    expect(await preview.locator('[data-part="body"] [data-placeholder="1"]').textContent()).toBe('{{1}}');
    expect(await preview.locator('[data-part="button"]').allTextContents()).toEqual(['↩ Finalizar compra', '↗ Ver carrinho']);
  });

  it('sends the test message to the project’s test number', async () => {
    const { page } = await signedIn();
    await loadTemplates(page);
    await openDocument(page, 'whatsapp-template/boas_vindas');
    await page.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
    await page.getByText('Mensagem de teste enviada para +55 11 *****-0001.').waitFor();
    const sent = (await sandboxMessages()).filter((m) => m.opaque === 'v1|main|test');
    expect(sent.map((m) => [m.to, m.template])).toEqual([['5511999990001', 'boas_vindas']]);
  });
});

describe('WhatsApp templates as Meta changes them, and their test send', () => {
  it("a template removed at Meta is marked after 'Carregar templates' and can no longer be chosen in a campaign", async () => {
    await fetch(`${whatsapp}/__whatsapp/templates`, { method: 'POST', body: JSON.stringify({ project: 'main', name: 'pedido_enviado', status: 'DELETED' }) });
    try {
      const { page } = await signedIn();
      await loadTemplates(page);
      await openDocument(page, 'whatsapp-template/pedido_enviado');
      await page.getByTestId('whatsapp-template-state').filter({ hasText: 'Removido na Meta' }).waitFor();
      await openDocument(page, 'campaign-whatsapp/add');
      const select = page.getByLabel('Template de WhatsApp');
      await expect.poll(() => select.locator('option').allTextContents()).toContain('oferta_churrasco');
      expect(await select.locator('option').allTextContents()).not.toContain('pedido_enviado');
    } finally {
      await fetch(`${whatsapp}/__whatsapp/templates`, { method: 'DELETE' });
    }
  });

  it("the test send fills the template's {{n}} from its example values", async () => {
    await fetch(`${whatsapp}/__whatsapp/messages`, { method: 'DELETE' });
    const { page } = await signedIn();
    await loadTemplates(page);
    await openDocument(page, 'whatsapp-template/oferta_churrasco');
    await page.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
    await page.getByText('Mensagem de teste enviada para +55 11 *****-0001.').waitFor();
    const sent = (await sandboxMessages()).filter((m) => m.opaque === 'v1|main|test' && m.template === 'oferta_churrasco');
    expect(sent.map(bodyParameters)).toEqual([['Maria', 'CHURRAS15']]);
  });

  it('the test send asks the operator for the {{n}} the template has no example of in a dialog (cancel, required values, send)', async () => {
    await fetch(`${whatsapp}/__whatsapp/messages`, { method: 'DELETE' });
    const id = `e2e-sem-exemplo-${run}`;
    await testFirestore()
      .doc(`project/main/whatsapp-template/${id}`)
      .set({
        id,
        wabaId: '100000000000001',
        template: JSON.stringify({
          name: 'oferta_churrasco',
          language: 'pt_BR',
          status: 'APPROVED',
          components: [{ type: 'BODY', text: 'Olá, {{1}}! Use o cupom {{2}}.' }],
        }),
      });
    const { page, dialogs } = await signedIn();
    await openDocument(page, `whatsapp-template/${id}`);
    const testSends = async () => (await sandboxMessages()).filter((m) => m.opaque === 'v1|main|test').length;
    const before = await testSends();
    const dialog = page.getByTestId('whatsapp-test-parameters');
    const first = dialog.getByLabel('Valor de {{1}} no corpo');
    const second = dialog.getByLabel('Valor de {{2}} no corpo');

    // 'Cancelar' sends nothing and keeps nothing typed.
    await page.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
    await dialog.getByRole('heading', { name: 'Valores da mensagem de teste' }).waitFor();
    await first.fill('Rascunho');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByText('Mensagem de teste enviada', { exact: false }).count()).toBe(0);

    // Every value is required: an empty one is pointed out and nothing is sent.
    await page.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
    await dialog.waitFor();
    expect(await first.inputValue()).toBe('');
    await first.fill('Ana');
    await second.fill('   ');
    await dialog.getByRole('button', { name: 'Enviar teste' }).click();
    await dialog.getByText('Informe um valor.').waitFor();
    expect(await dialog.getByText('Informe um valor.').count()).toBe(1);
    expect(await testSends()).toBe(before);

    await second.fill('CUPOM5');
    await dialog.getByRole('button', { name: 'Enviar teste' }).click();
    await page.getByText('Mensagem de teste enviada para +55 11 *****-0001.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(dialogs.seen).toEqual([]); // no window.prompt any more
    const sent = (await sandboxMessages()).filter((m) => m.opaque === 'v1|main|test');
    expect(sent.map(bodyParameters)).toEqual([['Ana', 'CUPOM5']]);
  });
});

describe('WhatsApp replies', () => {
  it("a customer's quick-reply answer, sent from the number without the ninth digit, appears in the conversation", async () => {
    const db = testFirestore();
    const local = `8${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const customerId = `e2e-reply-${run}`;
    await db.doc(`project/main/customer/${customerId}`).set({ email: `${customerId}@teste.demo`, firstName: 'Joana', phoneNumber: `+55519${local}` });
    await db.doc(`project/main/conversation/${customerId}`).set({ customerId });
    const { page } = await signedIn();
    await openDocument(page, `conversation/${customerId}`);
    await page.getByTestId('conversation-messages').getByText('Nenhuma mensagem nesta conversa.').waitFor();
    const posted = await fetch(`${whatsapp}/__whatsapp/inbound`, {
      method: 'POST',
      body: JSON.stringify({ project: 'main', from: `5551${local}`, button: { text: 'Quero ver', payload: 'QUERO_VER' } }),
    });
    expect(((await posted.json()) as { webhook: number }).webhook).toBe(200);
    const message = page.getByTestId('conversation-message');
    await message.filter({ hasText: 'Quero ver' }).waitFor();
    expect(await message.filter({ hasText: 'Quero ver' }).getByText('Resposta rápida').count()).toBe(1);
  });
});

describe('WhatsApp campaign', () => {
  it("'Enviar' asks 'Confirma o envio?', sends, and shows the progress and the report", async () => {
    const db = testFirestore();
    const batch = db.batch();
    const emails = ['Rita', 'Saulo', 'Tiago'].map((n, i) => {
      const email = `${n.toLowerCase()}.${run}@teste.demo`;
      const suffix = String((Date.now() + i) % 10_000).padStart(4, '0');
      batch.set(db.doc(`project/main/customer/e2e-zap-${run}-${i}`), { email, firstName: n, phoneNumber: `+55 11 9822${i}-${suffix}` });
      return email;
    });
    batch.set(db.doc(`project/main/customer-segment/e2e-zap-${run}`), { name: 'E2E WhatsApp', emails, rules: [], parent: null });
    batch.set(db.doc(`project/main/campaign-whatsapp/e2e-zap-${run}`), {
      name: `Campanha E2E ${run}`,
      whatsappTemplateId: 'oferta_churrasco',
      whatsappTemplateParams: '{"1": "{{firstName}}", "2": "E2E10"}',
      customerSegmentId: `e2e-zap-${run}`,
      createdAt: FieldValue.serverTimestamp(),
    });
    await batch.commit();
    await fetch(`${whatsapp}/__whatsapp/settings`, { method: 'POST', body: JSON.stringify({ stepMs: 200 }) });

    const { page, dialogs } = await signedIn();
    await openDocument(page, `campaign-whatsapp/e2e-zap-${run}`);
    dialogs.next('dismiss');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect.poll(() => dialogs.seen.length).toBe(1);
    expect(dialogs.seen[0]).toBe('Confirma o envio?');
    expect((await sandboxMessages()).filter((m) => m.opaque?.includes(`e2e-zap-${run}`))).toHaveLength(0);

    dialogs.next('accept');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await page.getByText('Envio iniciado.').waitFor();
    await page.getByTestId('send-status').filter({ hasText: 'Envio concluído' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('send-count').filter({ hasText: '3 de 3 enviados' }).waitFor();
    const report = page.getByTestId('whatsapp-report');
    await report
      .locator('[data-row="sent"]')
      .filter({ hasText: /Enviadas\s*3$/ })
      .waitFor();
    // Delivery statuses arrive by webhook after 'Envio concluído': the report follows them live, no click.
    await page.setViewportSize({ width: 1280, height: 900 });
    await report
      .locator('[data-row="delivered"]')
      .filter({ hasText: /Entregues\s*3$/ })
      .waitFor({ timeout: 30_000 });
    const funnel = page.getByTestId('whatsapp-funnel');
    await funnel.locator('[data-stage="Entregues"] [data-part="value"]').filter({ hasText: '3 (100%)' }).waitFor();
    expect(await funnel.locator('[data-part="label"]').allTextContents()).toEqual(['Enviadas', 'Entregues', 'Lidas']);
    // Every label is whole at 1280 px: nothing cut (its text fits its box).
    for (const label of await funnel.locator('[data-part="label"]').all()) {
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    }
    expect((await sandboxMessages()).filter((m) => m.opaque?.includes(`e2e-zap-${run}`))).toHaveLength(3);
  });
});

describe('Google Console connection', () => {
  it("'Conectar' goes through Google's consent and comes back connected, with the account", async () => {
    await testFirestore().doc('project/main/config/consoleauthgoogle').set({ tokens: null }, { merge: true });
    const { page } = await signedIn(admin);
    await page.goto('/console/config/consoleauthgoogle');
    const status = page.getByTestId('google-connection-status');
    await status.filter({ hasText: 'Não conectado' }).waitFor();
    await page.getByRole('link', { name: 'Conectar' }).click();
    await page.getByRole('heading', { name: 'Fazer login com o Google' }).waitFor();
    await page.getByRole('button', { name: 'Permitir' }).click();
    await page.waitForURL(/\/console\/config\/consoleauthgoogle\?google=connected$/);
    await status.filter({ hasText: 'Conectado: marketing.loja@gmail.com' }).waitFor();
    const tokens = (await testFirestore().doc('project/main/config/consoleauthgoogle').get()).get('tokens');
    expect(tokens.email).toBe('marketing.loja@gmail.com');
  });

  it('the Connect link opened in a new tab (a plain GET) starts the connection too', async () => {
    await testFirestore().doc('project/main/config/consoleauthgoogle').set({ tokens: null }, { merge: true });
    const { page } = await signedIn(admin);
    await page.goto('/api/console/auth/google?project=main');
    await page.getByRole('heading', { name: 'Fazer login com o Google' }).waitFor();
    await page.getByRole('button', { name: 'Permitir' }).click();
    await page.waitForURL(/\/console\/config\/consoleauthgoogle\?google=connected$/);
    await page.getByTestId('google-connection-status').filter({ hasText: 'Conectado: marketing.loja@gmail.com' }).waitFor();
  });
});
