// The AI assistant in the document form, in a browser (document 1 'AI assistant', §8, §9): the
// panel from 'AI Editor', a proposed title accepted into the form and saved, a description
// rejected, a conflict, and each error as the operator reads it. The functions call the OpenAI
// sandbox with the real openai client.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openConsole, rememberProject, signIn } from '../test-support/browser.js';
import { seedUser } from '../test-support/emulator.js';
import { waitForSaveStatus } from '../test-support/document.js';
import { openaiSandbox, ownProject, removeOwnProjects, resetOpenAiSandbox, setOpenAiBehaviour } from '../test-support/ai.js';
import { setSandboxFaults, testFirestore } from '../test-support/stack.js';
import { PRODUCT_TEXT_COLLECTION } from '@console/shared';

const CODE = '43439630'; // Pote Hermético Mor Organiza em Polipropileno 2,5 L
const TITLE = 'Pote Hermético Mor Organiza em Polipropileno 2,5 L';
const staff = seedUser('staff', ['main', 'cookstore']);
const admin = seedUser('admin');

const panel = (page: Page) => page.getByTestId('ai-assistant');
const proposedField = (page: Page, field: string) =>
  panel(page)
    .getByTestId('ai-proposed-field')
    .and(page.locator(`[data-field="${field}"]`))
    .last();
/** The form's own input (the product panel above it has a 'Nome no site' of its own). */
const titleInput = (page: Page) => page.locator('form').getByLabel('Nome no site', { exact: true });
const shownText = async (page: Page, field: string, box: string) => (await proposedField(page, field).getByTestId(box).innerText()).replace(/\s+/g, ' ').trim();
const stored = async () => (await testFirestore().doc(`project/main/product/${CODE}`).get()).data()!;

const GREETING =
  'Olá! Posso melhorar o título ou a descrição deste documento, buscar produtos no catálogo, listar as categorias ou descrever os campos. O que deseja?';

/** Opens the assistant from 'AI Editor' unless it is open already (each test sets up what it needs). */
async function assistantOpen(page: Page) {
  if ((await panel(page).count()) > 0) return;
  await page.getByRole('button', { name: 'AI Editor' }).click();
  await panel(page).getByText('Assistente de IA').waitFor();
}

async function ask(page: Page, text: string) {
  await panel(page).getByRole('textbox').fill(text);
  await panel(page).getByRole('button', { name: 'Enviar' }).click();
}

/** Waits for the conversation's last error line to read exactly `text`. */
async function lastError(page: Page, text: string) {
  await panel(page)
    .getByTestId('ai-error')
    .filter({ hasText: new RegExp(`^${text.replace(/[.()?]/g, '\\$&')}$`) })
    .last()
    .waitFor();
}

describe('the AI assistant of the document form', () => {
  let browser: Browser;
  let page: Page;

  /** The product's form as the staff user, in a browser context of its own. */
  async function openProduct(): Promise<Page> {
    const opened = await openConsole(browser, `/console/product/${CODE}`);
    await signIn(opened, staff.email, staff.password);
    await opened.getByTestId('save-status').waitFor();
    return opened;
  }

  beforeAll(async () => {
    // The seeded title, whatever an earlier run on this stack left.
    await testFirestore().doc(`project/main/product/${CODE}`).set({ ProductSiteName: TITLE }, { merge: true });
    browser = await launchBrowser();
    page = await openProduct();
  });

  afterEach(() => resetOpenAiSandbox());

  afterAll(async () => {
    await browser?.close();
  });

  it("opens beside the form from 'AI Editor', proposes a better title, and an accepted one is saved", async () => {
    await page.getByRole('button', { name: 'AI Editor' }).click();
    await panel(page).getByText('Assistente de IA').waitFor();
    await ask(page, 'Melhore o título deste produto');
    const field = proposedField(page, 'ProductSiteName');
    await field.waitFor();
    const after = `${TITLE} - Garantia de 1 ano`;
    expect(await shownText(page, 'ProductSiteName', 'ai-diff-before')).toBe(`Antes ${TITLE}`);
    expect(await shownText(page, 'ProductSiteName', 'ai-diff-after')).toBe(`Depois ${after}`);
    await panel(page).getByText('Propus 1 alteração(ões): Nome no site. Revise a comparação e aceite ou rejeite cada campo.').waitFor();
    await field.getByRole('button', { name: 'Aceitar' }).click();
    await field.getByText('Aceita').waitFor();
    expect(await titleInput(page).inputValue()).toBe(after);
    await waitForSaveStatus(page, 'Alterações pendentes');
    await waitForSaveStatus(page, 'Salvo');
    expect((await stored()).ProductSiteName).toBe(after);
  });

  it('a rejected proposal changes nothing', async () => {
    await assistantOpen(page);
    const before = (await stored()).ProductDescription;
    await ask(page, 'Agora melhore a descrição');
    const field = proposedField(page, 'ProductDescription');
    await field.waitFor();
    // Rich text is shown rendered (no markup), with the changed words marked.
    expect(await shownText(page, 'ProductDescription', 'ai-diff-after')).not.toMatch(/<\/?(p|ul|li|strong)>/);
    expect(await field.getByTestId('ai-diff-after').getByTestId('ai-diff-change').count()).toBeGreaterThan(0);
    await field.getByRole('button', { name: 'Rejeitar' }).click();
    await field.getByText('Rejeitada').waitFor();
    expect(await field.getByRole('button', { name: 'Aceitar' }).count()).toBe(0);
    await waitForSaveStatus(page, 'Salvo');
    expect((await stored()).ProductDescription).toBe(before);
  });

  it('a field changed since the proposal shows as a conflict and is not overwritten', async () => {
    await assistantOpen(page);
    await ask(page, 'Melhore o título mais uma vez');
    const field = proposedField(page, 'ProductSiteName');
    await field.and(page.locator('[data-status="pending"]')).waitFor();
    await titleInput(page).fill('Pote Mor 2,5 L (editado à mão)');
    await field.and(page.locator('[data-status="conflict"]')).waitFor();
    await field.getByText('Conflito: o campo mudou desde a proposta e não será sobrescrito.').waitFor();
    expect(await field.getByRole('button', { name: 'Aceitar' }).count()).toBe(0);
    expect(await shownText(page, 'ProductSiteName', 'ai-diff-current')).toBe('Valor atual Pote Mor 2,5 L (editado à mão)');
    await waitForSaveStatus(page, 'Salvo');
    expect((await stored()).ProductSiteName).toBe('Pote Mor 2,5 L (editado à mão)');
  });

  it('after a reload, the panel shows the earlier conversations with what was accepted and rejected', async () => {
    await page.reload();
    await page.getByTestId('save-status').waitFor();
    await assistantOpen(page);
    const history = panel(page).getByTestId('ai-history');
    await history.getByTestId('ai-history-operator').filter({ hasText: 'Melhore o título deste produto' }).waitFor();
    await history.getByTestId('ai-history-operator').filter({ hasText: staff.email }).first().waitFor();
    const decided = (field: string, status: string) => history.locator(`[data-testid="ai-history-field"][data-field="${field}"][data-status="${status}"]`);
    await decided('ProductSiteName', 'accepted').first().waitFor();
    await decided('ProductDescription', 'rejected').first().waitFor();
    expect(await decided('ProductSiteName', 'accepted').first().innerText()).toContain(`Aceita por ${staff.email}`);
    // The conversation under way starts empty.
    expect(await panel(page).getByTestId('ai-operator-message').count()).toBe(0);
  });

  it("stays on screen at 720, 900 and 1080 px: 'Enviar' visible, the document's 'Copy' uncovered, Enter named as the way to send", async () => {
    await assistantOpen(page);
    for (const height of [720, 900, 1080]) {
      await page.setViewportSize({ width: 1280, height });
      await page.screenshot({ path: `.cache/ai-panel-${height}.png` });
      const send = (await panel(page).getByRole('button', { name: 'Enviar' }).boundingBox())!;
      expect(send.y + send.height).toBeLessThanOrEqual(height);
      const aside = (await panel(page).boundingBox())!;
      expect(aside.y + aside.height).toBeLessThanOrEqual(height + 1);
      const copy = (await page.getByRole('button', { name: 'Copy', exact: true }).boundingBox())!;
      expect(copy.x + copy.width).toBeLessThanOrEqual(aside.x);
    }
    await panel(page).getByText('Enter envia · Shift+Enter quebra a linha').waitFor();
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it("a hung model can be stopped: 'Parar' ends the turn and says so", async () => {
    await assistantOpen(page);
    await setSandboxFaults(openaiSandbox(), { path: '/v1/chat/completions', hang: true });
    await ask(page, 'Oi');
    await panel(page).getByRole('button', { name: 'Parar' }).click();
    await lastError(page, 'Erro: Resposta interrompida. Envie uma nova mensagem para continuar.');
    await panel(page).getByRole('button', { name: 'Enviar' }).waitFor();
  });

  it('keeps the conversation while the document stays open', async () => {
    // A form of its own with a conversation of three messages.
    const own = await openProduct();
    await assistantOpen(own);
    for (let i = 1; i <= 3; i++) {
      await ask(own, 'Oi');
      // The first answer may wait for a new Functions worker: the one the previous test's hung
      // model call holds is not freed by the emulator's Hosting proxy when the browser stops.
      // Counted in this conversation only: the history below it lists the document's earlier ones,
      // where a stopped turn's answer can land late (the proxy does not pass the stop on).
      await expect.poll(() => panel(own).getByTestId('ai-assistant-message').filter({ hasText: GREETING }).count(), { timeout: 30_000 }).toBe(i);
    }
    await own.getByRole('button', { name: 'Fechar assistente' }).click();
    expect(await panel(own).count()).toBe(0);
    await own.getByRole('button', { name: 'AI Editor' }).click();
    expect(await panel(own).getByTestId('ai-operator-message').count()).toBe(3);
    await own.context().close();
  });

  describe('shows each error as the operator reads it', () => {
    beforeEach(() => assistantOpen(page));

    it('a refusal', async () => {
      await setOpenAiBehaviour('refusal', 1);
      await ask(page, 'Escreva algo ofensivo');
      await panel(page).getByTestId('ai-refusal').filter({ hasText: 'O assistente recusou o pedido: Desculpe, não posso ajudar com esse pedido.' }).waitFor();
    });

    it("'Erro ao analisar argumentos da function_call'", async () => {
      await setOpenAiBehaviour('invalid-arguments', 1);
      await ask(page, 'Melhore o título');
      await lastError(page, 'Erro: Erro ao analisar argumentos da function_call');
    });

    it("'Erro ao chamar a ferramenta'", async () => {
      await setOpenAiBehaviour('unknown-tool', 1);
      await ask(page, 'Melhore o título');
      await lastError(page, 'Erro: Erro ao chamar a ferramenta');
    });

    it("'Erro ao buscar resposta do assistente' when the request cannot be made", async () => {
      await page.route('**/api/console/products/ai/response**', (route) => route.abort('connectionrefused'));
      await ask(page, 'Oi');
      await lastError(page, 'Erro: Erro ao buscar resposta do assistente');
      await page.unroute('**/api/console/products/ai/response**');
    });

    it("'A resposta do servidor não está OK' when an answer is not OK and carries no error", async () => {
      await page.route('**/api/console/products/ai/response**', (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
      );
      await ask(page, 'Oi');
      await lastError(page, 'Erro: A resposta do servidor não está OK');
      await page.unroute('**/api/console/products/ai/response**');
    });

    it("the server's own message: OpenAI failing", async () => {
      await setSandboxFaults(openaiSandbox(), { path: '/v1/chat/completions', status: 500 });
      await ask(page, 'Oi');
      await lastError(page, 'Erro: OpenAI: erro no servidor (HTTP 500).');
    });

    it('the round limit', async () => {
      await setOpenAiBehaviour('endless-tools');
      await ask(page, 'Melhore o título');
      await lastError(page, 'Erro: O assistente atingiu o limite de 10 rodadas sem concluir. Reformule o pedido.');
      // And the conversation goes on afterwards.
      await resetOpenAiSandbox();
      await ask(page, 'Oi');
      await panel(page).getByText(GREETING).last().waitFor();
    });
  });
});

describe('the AI texts on the bulk sync screen', () => {
  it("'IA: textos' writes the first five texts of each code, in parallel", async () => {
    const codes = ['10437899', '43439630'];
    const project = await ownProject('ai-bulk', codes);
    const browser = await launchBrowser();
    try {
      const page = await openConsole(browser, '/signin');
      await signIn(page, admin.email, admin.password);
      await rememberProject(page, project);
      await page.goto('/console/sync');
      await page.getByRole('heading', { name: 'Produtos', exact: true }).waitFor();
      await page.getByLabel('Códigos dos produtos').fill(codes.join('\n'));
      await page.getByLabel('IA: textos (título, descrição, vendas, selos, atributos)', { exact: true }).check();
      await page.getByRole('button', { name: 'Iniciar', exact: true }).click();
      await page
        .getByTestId('sync-done')
        .filter({ hasText: /^2 de 2$/ })
        .waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('sync-errors').textContent()).toBe('0');
      for (const code of codes) {
        const texts = (await testFirestore().doc(`project/${project}/${PRODUCT_TEXT_COLLECTION}/${code}`).get()).data() ?? {};
        expect(Object.keys(texts).sort()).toEqual(['badges', 'description', 'facets', 'sales', 'title', 'updatedAt']);
      }
      // The operator sees them in the product panel, with the model that wrote them.
      const stored = (await testFirestore().doc(`project/${project}/${PRODUCT_TEXT_COLLECTION}/${codes[0]}`).get()).data()!;
      await page.goto(`/console/product/${codes[0]}`);
      const texts = page.getByRole('region', { name: 'Textos de IA', exact: true });
      await texts.getByTestId('product-text-title').getByText(stored.title.value, { exact: true }).waitFor();
      await texts.getByTestId('product-text-badges').getByText(stored.badges.value.join(' · '), { exact: true }).waitFor();
      await texts.getByTestId('product-text-facets').getByText(`${stored.facets.value[0].name}: ${stored.facets.value[0].value}`, { exact: true }).waitFor();
      expect(await texts.getByTestId('product-text-description').textContent()).toContain('gpt-4o-mini · ');
      expect(await texts.getByTestId('product-text-description').innerHTML()).not.toContain('<strong>');
      await expect.poll(() => texts.getByTestId('product-text-reviews').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});

afterAll(() => removeOwnProjects());
