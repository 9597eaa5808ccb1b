// Segments, e-mail templates, campaigns and gifts in a browser, against the functions, the task
// queue and the SendGrid sandbox of the test stack.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { answerDialogs, launchBrowser, openConsole, signIn } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { openDocument } from '../test-support/document.js';
import { sandboxUrls, setSandboxFaults, testFirestore, waitFor } from '../test-support/stack.js';

/** A count as the campaign screens write it (pt-BR: 1.060). */
const count = (n: number) => n.toLocaleString('pt-BR');

const run = Date.now().toString(36);
const staff = seedUser('staff', ['main', 'cookstore']);

/** The messages the SendGrid sandbox accepted for one campaign's send (its journal: the witness). */
async function journalOf(campaignId: string): Promise<string[]> {
  const res = await fetch(`${sandboxUrls().sendgrid}/__sendgrid/journal?arg=console_send&value=${encodeURIComponent(`email-${campaignId}`)}`);
  return ((await res.json()) as { messages: { to: string }[] }).messages.map((m) => m.to);
}

async function sendgridSettings(settings?: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${sandboxUrls().sendgrid}/__sendgrid/settings`, {
    method: settings ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json' },
    body: settings ? JSON.stringify(settings) : undefined,
  });
  return (await res.json()) as Record<string, unknown>;
}

/** The SendGrid sandbox's posts of events, the stored batches and the delivered recipients of a campaign's send. */
async function eventPathReport(campaignId: string): Promise<string> {
  const posts = (await (await fetch(`${sandboxUrls().sendgrid}/__sendgrid/webhooks`)).json()) as { deliveries: unknown[]; pending: number };
  const batches = await testFirestore().collection('sendgrid-event-batch').get();
  const recipients = await sendDoc(campaignId).collection('recipient').get();
  return [
    `sandbox posts (last 5 of ${posts.deliveries.length}, ${posts.pending} pending): ${JSON.stringify(posts.deliveries.slice(-5))}`,
    `stored batches: ${JSON.stringify(batches.docs.map((d) => ({ status: d.get('status'), events: d.get('events') })).slice(-5))}`,
    `recipients with flags: ${JSON.stringify(recipients.docs.map((d) => d.get('flags')))}`,
  ].join('\n');
}

const sendDoc = (campaignId: string) => testFirestore().doc(`project/main/campaign-send/email-${campaignId}`);

/** The stored recipients of a send, by state (the batches' recipientsJson). */
async function storedRecipients(campaignId: string): Promise<Record<string, string[]>> {
  const byState: Record<string, string[]> = {};
  for (const batch of (await sendDoc(campaignId).collection('batch').get()).docs) {
    for (const r of JSON.parse(batch.get('recipientsJson') as string) as { address: string; state: string }[]) (byState[r.state] ??= []).push(r.address);
  }
  return byState;
}

/** The send's runner has stopped (paused, cancelled or finished, its lease released): nothing is in flight. */
const runnerStopped = (campaignId: string) =>
  waitFor(
    async () => {
      const data = (await sendDoc(campaignId).get()).data();
      return data && data.status !== 'sending' && data.lease === undefined ? data : undefined;
    },
    90_000,
    `the send of ${campaignId} to stop`,
  );

/** A campaign in main to a segment of `count` explicit addresses (more than one 1,000-recipient batch). */
async function seedLargeCampaign(campaignId: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `${campaignId}-${String(i).padStart(5, '0')}@exemplo.com.br`);
  const db = testFirestore();
  await db.doc(`project/main/customer-segment/${campaignId}`).set({ name: `Segmento ${campaignId}`, emails, rules: [] });
  await db.doc(`project/main/campaign-email/${campaignId}`).set({
    name: `Campanha ${campaignId}`,
    emailTemplateId: 'black-friday',
    customerSegmentId: campaignId,
    batchs: [{ sku: '20810134' }],
  });
  return emails;
}

describe('segments, campaigns and gifts', () => {
  let browser: Browser;
  let page: Page;
  let dialogs: ReturnType<typeof answerDialogs>;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await openConsole(browser, '/console/customer-segment');
    dialogs = answerDialogs(page);
    await signIn(page, staff.email, staff.password);
    await page.waitForURL(/\/console\/customer-segment/);
  });
  afterAll(async () => {
    await browser?.close();
    const db = testFirestore();
    for (const id of controlled) {
      await db.recursiveDelete(sendDoc(id));
      await db.doc(`project/main/campaign-email/${id}`).delete();
      await db.doc(`project/main/customer-segment/${id}`).delete();
    }
  });
  const controlled: string[] = [];

  it("'Testar segmento' shows the report in the data table; a member's e-mail opens the customer", async () => {
    await openDocument(page, 'customer-segment/clientes-vip');
    await page.getByRole('button', { name: 'Testar segmento' }).click();
    await expect.poll(() => page.getByTestId('segment-count').innerText()).toBe('5 membros · 1 fora do envio');
    const members = page.getByRole('table', { name: 'Membros do segmento' });
    await expect.poll(() => members.locator('tbody tr').count()).toBe(5);
    await expect.poll(() => page.getByRole('table', { name: 'Fora do envio' }).innerText()).toContain('descadastrado');
    await expect.poll(() => page.getByTestId('segment-help').textContent()).toContain('Incluir somente');
    const first = members.locator('a[data-customer-email]').first();
    const email = (await first.getAttribute('data-customer-email'))!;
    await first.click();
    await page.waitForURL((url) => url.searchParams.get('customerEmail') === email);
    const drawer = page.getByTestId('customer-email-drawer');
    await expect.poll(() => drawer.innerText()).toContain(email);
    await expect.poll(() => drawer.innerText()).toMatch(/Cliente #\d+/);
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('customerEmail'));
    // The live count over the rules and e-mails.
    await expect.poll(() => page.getByTestId('segment-live-count').innerText()).toBe('Membros agora: 5 (1 fora do envio)');
  });

  it("'Enviar teste' sends the template to the operator, and the message is in the SendGrid sandbox", async () => {
    await openDocument(page, 'email-template/black-friday');
    await page.getByRole('button', { name: 'Enviar teste' }).click();
    await page.getByText(`E-mail de teste enviado para ${staff.email}.`).waitFor();
    const inbox = await browser.newPage();
    await inbox.goto(`${sandboxUrls().sendgrid}/__sendgrid/inbox?to=${encodeURIComponent(staff.email)}`);
    const message = inbox.getByTestId('message').first();
    await expect.poll(() => message.locator('h2').innerText()).toMatch(/^\[Teste\] Black Friday/);
    await inbox.close();
  });

  /** Stores an e-mail campaign of the Black Friday template to the seeded VIP segment. */
  async function seedVipCampaign(campaignId: string) {
    await testFirestore()
      .doc(`project/main/campaign-email/${campaignId}`)
      .set({ name: `Campanha e2e ${campaignId}`, emailTemplateId: 'black-friday', customerSegmentId: 'clientes-vip', batchs: [{ sku: '20810134' }] });
  }

  /** 'Enviar' on the open campaign, confirmed, until the screen says 'Envio concluído'. */
  async function sendToTheEnd() {
    dialogs.next('accept');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect.poll(() => page.getByTestId('send-status').innerText(), { timeout: 120_000 }).toBe('Envio concluído');
  }

  it("'Enviar' asks 'Confirma o envio?', the progress runs to the end, and 'Relatório' follows the events live with the funnel chart and the lists", async () => {
    const campaignId = `e2e-${run}`;
    await seedVipCampaign(campaignId);
    await openDocument(page, `campaign-email/${campaignId}`);
    dialogs.next('dismiss');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect.poll(() => dialogs.seen.at(-1)).toBe('Confirma o envio?');
    expect(await page.getByTestId('send-progress').count()).toBe(0); // cancelled: nothing started
    await sendToTheEnd();
    expect(await page.getByTestId('send-count').innerText()).toBe('5 de 5 enviados');
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(await page.getByTestId('send-left-out').innerText()).toContain('1 descadastrado');

    // 'Relatório' opened right after 'Envio concluído': the delivery events keep coming in and the
    // report follows them live (a Firestore listener), without another click.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Relatório' }).click();
    await page.getByTestId('campaign-report').waitFor();
    await expect
      .poll(() => page.locator('[data-figure="Entregues"]').innerText(), { timeout: 60_000, interval: 500 })
      .toMatch(/Entregues\s*5/)
      .catch(async (error: Error) => {
        // What the webhook path did, so a failure says where the events stopped.
        throw new Error(`${error.message}\n${await eventPathReport(campaignId)}`);
      });
    const funnel = page.getByTestId('campaign-funnel');
    expect(await funnel.locator('[data-part="label"]').allTextContents()).toEqual(['Processados', 'Entregues', 'Abertos', 'Clicados']);
    await funnel.locator('[data-stage="Entregues"] [data-part="value"]').filter({ hasText: /^5 / }).waitFor();
    // Every label whole at 1280 px.
    for (const label of await funnel.locator('[data-part="label"]').all()) {
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    }
    await page.getByRole('tab', { name: /^Entregues/ }).click();
    await expect.poll(() => page.locator('[data-list="delivered_emails"] a').count()).toBe(5);
    const email = (await page.locator('[data-list="delivered_emails"] a').first().getAttribute('data-customer-email'))!;
    await page.locator('[data-list="delivered_emails"] a').first().click();
    await expect.poll(() => page.getByTestId('customer-email-drawer').innerText()).toContain(email);
    await page.keyboard.press('Escape');
  }, 180_000);

  it("'Relatório' shows the events that landed while its first answer was on the way", async () => {
    // The report starts listening once its first answer is in; events stored between that answer
    // and the listener's first snapshot must still show (CI once saw 'Entregues 0' for a minute).
    const campaignId = `e2e-late-${run}`;
    const settings = await sendgridSettings();
    await sendgridSettings({ eventDelayMs: 10_000 });
    const reportUrl = `**/api/console/campaign-email/${campaignId}/report**`;
    try {
      await seedVipCampaign(campaignId);
      await openDocument(page, `campaign-email/${campaignId}`);
      await sendToTheEnd();
      // The first answer is fetched at once and handed to the page only after the events are stored.
      let firstDelivered: number | null = null;
      await page.route(reportUrl, async (route) => {
        if (firstDelivered !== null) return route.continue();
        const response = await route.fetch();
        firstDelivered = ((await response.json()) as { data: { delivered: number } }).data.delivered;
        await waitFor(
          async () => (await sendDoc(campaignId).collection('recipient').where('flags.delivered', '==', true).count().get()).data().count === 5,
          90_000,
          'the delivered events to be stored',
        );
        await route.fulfill({ response });
      });
      await page.getByRole('button', { name: 'Relatório' }).click();
      await page.getByTestId('campaign-report').waitFor({ timeout: 120_000 });
      expect(firstDelivered).toBe(0); // the page got an answer older than the events
      await expect.poll(() => page.locator('[data-figure="Entregues"]').innerText(), { timeout: 30_000 }).toMatch(/Entregues\s*5/);
    } finally {
      await page.unroute(reportUrl);
      await sendgridSettings({ eventDelayMs: settings.eventDelayMs });
    }
  }, 240_000);

  describe('operator control of a running send', () => {
    // Each SendGrid call takes seconds (sandbox latency), so a send of several 1,000-recipient
    // calls is still running when the operator clicks; the sandbox's events are off meanwhile (the
    // webhook is not what these tests are about).
    let settings: Record<string, unknown>;
    beforeAll(async () => {
      settings = await sendgridSettings();
      await sendgridSettings({ eventsEnabled: false });
      await setSandboxFaults(sandboxUrls().sendgrid!, { path: '/v3/mail/send', method: 'POST', latencyMs: 4000 });
    });
    afterAll(async () => {
      await setSandboxFaults(sandboxUrls().sendgrid!);
      await sendgridSettings({ eventsEnabled: settings.eventsEnabled });
    });

    async function startSend(campaignId: string) {
      await openDocument(page, `campaign-email/${campaignId}`);
      dialogs.next('accept');
      const asked = dialogs.seen.length;
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
      await expect.poll(() => dialogs.seen[asked]).toBe('Confirma o envio?');
      await expect.poll(() => page.getByTestId('send-status').innerText(), { timeout: 60_000 }).toBe('Enviando');
    }

    it("'Pausar' stops the send between calls with 'Envio pausado: Pausado pelo operador.'; 'Retomar' sends the rest, each recipient once", async () => {
      const campaignId = `pausa-${run}`;
      controlled.push(campaignId);
      const emails = await seedLargeCampaign(campaignId, 2100);
      await startSend(campaignId);
      await page.getByRole('button', { name: 'Pausar' }).click();
      // The control call may wait in the Functions emulator's queue behind the send and the event
      // triggers (FUNCTIONS_EMULATOR_PARALLEL=3 in tests): its own time to flip the status.
      await expect.poll(() => page.getByTestId('send-status').innerText(), { timeout: 30_000, interval: 250 }).toBe('Envio pausado');
      await expect.poll(() => page.getByTestId('send-paused-reason').innerText()).toBe('Envio pausado: Pausado pelo operador.');
      // Paused: 'Retomar' and 'Cancelar envio' instead of 'Pausar'.
      await page.getByRole('button', { name: 'Retomar' }).waitFor();
      expect(await page.getByRole('button', { name: 'Pausar' }).count()).toBe(0);

      // The call in flight when the operator clicked ends; then the runner stops: part sent, the rest waits.
      const paused = await runnerStopped(campaignId);
      expect(paused.status).toBe('paused');
      const sentBefore = await journalOf(campaignId);
      expect(paused.sent).toBe(sentBefore.length);
      expect(paused.sent).toBeLessThan(2100);
      const stored = await storedRecipients(campaignId);
      expect((stored.sent ?? []).length).toBe(paused.sent);
      expect(stored.pending?.length).toBe(2100 - paused.sent);
      await expect.poll(() => page.getByTestId('send-count').innerText()).toBe(`${count(paused.sent)} de 2.100 enviados`);
      expect(await page.getByTestId('send-status').innerText()).toBe('Envio pausado');

      await page.getByRole('button', { name: 'Retomar' }).click();
      await expect.poll(() => page.getByTestId('send-status').innerText(), { timeout: 90_000 }).toBe('Envio concluído');
      expect(await page.getByTestId('send-count').innerText()).toBe('2.100 de 2.100 enviados');
      expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
      expect(await page.getByTestId('send-paused-reason').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Retomar' }).count()).toBe(0);
      // Every member exactly once, nobody else.
      const journal = await journalOf(campaignId);
      expect(journal).toHaveLength(2100);
      expect([...new Set(journal)].sort()).toEqual(emails);
      const finished = (await sendDoc(campaignId).get()).data()!;
      expect(finished).toMatchObject({ status: 'finished', sent: 2100, total: 2100, failed: 0, unknown: 0, pausedReason: null });
      expect((await storedRecipients(campaignId)).sent).toHaveLength(2100);
    }, 240_000);

    it("'Cancelar envio' asks first, stops the send for good with 'Envio cancelado', and nobody else gets the campaign", async () => {
      const campaignId = `cancela-${run}`;
      controlled.push(campaignId);
      await seedLargeCampaign(campaignId, 1100);
      await startSend(campaignId);
      dialogs.next('accept');
      const asked = dialogs.seen.length;
      await page.getByRole('button', { name: 'Cancelar envio' }).click();
      await expect.poll(() => dialogs.seen[asked]).toBe('Cancelar o envio? Quem ainda não recebeu não receberá esta campanha.');
      await expect.poll(() => page.getByTestId('send-status').innerText(), { timeout: 30_000, interval: 250 }).toBe('Envio cancelado');

      const cancelled = await runnerStopped(campaignId);
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.sent).toBeLessThan(1100);
      const journal = await journalOf(campaignId);
      expect(journal).toHaveLength(cancelled.sent);
      const stored = await storedRecipients(campaignId);
      expect(stored.sent ?? []).toHaveLength(cancelled.sent);
      expect(stored.pending).toHaveLength(1100 - cancelled.sent);
      await expect.poll(() => page.getByTestId('send-count').innerText()).toBe(`${count(cancelled.sent)} de 1.100 enviados`);
      // No control is left, and 'Enviar' does not start it again.
      expect(await page.getByRole('button', { name: 'Retomar' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Cancelar envio' }).count()).toBe(0);
      dialogs.next('accept');
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
      await page.getByText('O envio desta campanha foi cancelado; ela não será enviada de novo.').waitFor();
      expect((await sendDoc(campaignId).get()).get('status')).toBe('cancelled');
      expect(await journalOf(campaignId)).toHaveLength(cancelled.sent);
      expect(await page.getByTestId('send-status').innerText()).toBe('Envio cancelado');
    }, 180_000);
  });

  it("'Limpar todos os brindes e processar regras' applies the gift rules and says how many products got gifts", async () => {
    await openDocument(page, 'product-gift/natal-2026');
    await page.getByRole('button', { name: 'Limpar todos os brindes e processar regras' }).click();
    await expect.poll(() => page.getByTestId('gift-result').innerText()).toBe('6 produtos receberam brindes.');
    const withGifts = await testFirestore().collection('project/main/product').where('gifts', '!=', null).get();
    expect(withGifts.size).toBe(6);
  });

  it("a conversation's header links to the customer's orders, newest first, with status, total in BRL and items", async () => {
    const conversation = (await testFirestore().collection('project/main/conversation').limit(1).get()).docs[0]!;
    const customerId = conversation.data().customerId as string;
    const orders = (await testFirestore().collection('project/main/order').where('customerId', '==', customerId).get()).docs.map((d) => d.data());
    await openDocument(page, `conversation/${conversation.id}`);
    await page.getByTestId('conversation-customer').getByRole('link', { name: 'Ver pedidos' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/console/orders' && url.searchParams.get('customerId') === customerId && url.searchParams.get('project') === 'main',
    );
    const table = page.getByRole('table', { name: 'Pedidos' });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(orders.length);
    const newest = [...orders].sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis())[0]!;
    const firstRow = await table.locator('tbody tr').first().innerText();
    expect(firstRow).toContain(newest.id);
    expect(firstRow).toContain(
      newest.total
        .toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' })
        .replace(/\u00a0/g, ' ')
        .split(' ')[1],
    );
    expect(firstRow).toContain(newest.items[0].name);
  });
});
