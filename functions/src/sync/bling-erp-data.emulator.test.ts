// Issue 28: a Bling produto with variations, a category and tax data, synced from the console
// through the endpoints the screens call ('Sincronizar Bling': ERP → warehouse → Firestore; the
// 'Bling: criar produto' task, which updates a produto Bling already has), against the Bling
// sandbox in its JWT-only mode (opaque tokens refused). Everything the console does not own must
// still be there afterwards, read back from the sandbox; the cost price comes from the full record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectExchangesConform, sandboxExchanges } from '../../../test-support/contracts.js';
import { api, idToken, seedUser } from '../../../test-support/emulator.js';
import { createTestProject, sandboxRequests, sandboxUrls, testFirestore } from '../../../test-support/stack.js';

const CODE = `1099${Date.now().toString().slice(-4)}`; // company 1; unique per run: the sandbox's Bling account is shared
let project: string;
let token: string;
let clientId: string;
let startedAt: string;

const blingOrigin = () => new URL(sandboxUrls().bling!).origin;
const control = async (path: string, body?: unknown) => {
  const res = await fetch(`${blingOrigin()}/__bling/${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`Bling sandbox ${path}: HTTP ${res.status}`);
  return (await res.json()) as Record<string, unknown>;
};
/** The produto as the sandbox holds it now (the account of the project's first Bling account). */
const blingRecord = async () =>
  ((await control(`produtos?codigo=${CODE}&clientId=${encodeURIComponent(clientId)}`))[clientId] as Record<string, unknown>[])[0]!;

/** What Bling's own screens set and the console never owns. */
const ERP_ONLY = {
  formato: 'V',
  unidade: 'CJ',
  descricaoComplementar: '<p>Garantia de 10 anos, só no ERP.</p>',
  categoria: { id: 8_000_777 },
  tributacao: { origem: 2, ncm: '73239300', cest: '1400300', percentualTributos: 18 },
  estoque: { minimo: 4, maximo: 60, crossdocking: 2, localizacao: 'C-12' },
  fornecedor: { id: 9_000_777, contato: { id: 9_100_000, nome: 'Tramontina' }, codigo: 'FORN-777', precoCusto: 87.35, precoCompra: 90 },
  midia: { video: { url: 'https://www.youtube.com/watch?v=erp' }, imagens: { externas: [{ link: 'https://cdn.example.com/erp.jpg' }], internas: [] } },
};

beforeAll(async () => {
  startedAt = new Date().toISOString();
  project = await createTestProject('bling-erp');
  const config = (await testFirestore().doc(`project/${project}/config/bling`).get()).data() as { accounts: { clientId: string }[] };
  clientId = config.accounts[0]!.clientId;
  await control('produtos', {
    clientId,
    produto: {
      ...ERP_ONLY,
      codigo: CODE,
      nome: 'Jogo de panelas no ERP',
      situacao: 'A',
      tipo: 'P',
      preco: 399.9,
      variacoes: ['Vermelho', 'Azul'].map((cor, ordem) => ({
        codigo: `${CODE}-${cor.slice(0, 2).toUpperCase()}`,
        nome: `Jogo de panelas ${cor}`,
        situacao: 'A',
        tipo: 'P',
        formato: 'S',
        preco: 399.9,
        variacao: { nome: `Cor:${cor}`, ordem },
      })),
    },
  });
  await testFirestore()
    .doc(`project/${project}/product/${CODE}`)
    .set({ id: CODE, ProductCode: CODE, Company: 1, ProductSiteName: 'Jogo de panelas (console)', Price: 379.9, PriceCompare: 449.9, Status: 'ativado' });
  // The end of the opaque tokens: the functions must ask for and send JWTs.
  await control('settings', { jwtOnly: true });
  token = await idToken(seedUser('admin'));
}, 60_000);

afterAll(async () => {
  await control('settings', { jwtOnly: false });
});

describe('Bling: what the console does not own stays the ERP’s', () => {
  it("'Bling: criar produto' on a produto Bling has updates the console's fields by PATCH and nothing else", async () => {
    const before = await blingRecord();
    const { status, json } = await api(`/api/bling/produto/create/${CODE}?project=${project}&bling=0`, { token });
    expect(status).toBe(200);
    expect(json).toMatchObject({ ok: true, created: false, blingId: before.id });

    const after = await blingRecord();
    expect(after).toMatchObject({ nome: 'Jogo de panelas (console)', preco: 379.9 });
    // Everything else as it was, variations (with their ids) included.
    const { nome: _n, preco: _p, ...rest } = after;
    const { nome: _nb, preco: _pb, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect(after).toMatchObject({
      ...ERP_ONLY,
      variacoes: [expect.objectContaining({ codigo: `${CODE}-VE` }), expect.objectContaining({ codigo: `${CODE}-AZ` })],
    });

    // Found by codigos[], changed by PATCH: never PUT, which would reset the rest.
    const calls = await sandboxRequests(sandboxUrls().bling!);
    const mine = calls.filter((r) => r.path.endsWith(`/produtos/${String(before.id)}`));
    expect(mine.map((r) => `${r.method} ${r.status}`)).toEqual(['PATCH 200']);
  });

  it("'Sincronizar Bling' brings the cost price from the full record's fornecedor.precoCusto", async () => {
    const erp = await api(`/api/bling/bigquery/produtos?project=${project}&id=${CODE}&bling=0`, { token });
    expect(erp.status).toBe(200);
    const firestore = await api(`/api/tramontina/firestore/products/${CODE}?project=${project}`, { token });
    expect(firestore.status).toBe(200);
    const data = (await testFirestore().doc(`project/${project}/product-data/${CODE}`).get()).data()!;
    expect(data).toMatchObject({ ProductCodeErp: CODE, PriceNetErp: ERP_ONLY.fornecedor.precoCusto });
    // Reading changes nothing in the ERP.
    expect(await blingRecord()).toMatchObject(ERP_ONLY);
  });

  it("every request the functions sent Bling here, and every answer, conforms to Bling's contract", async () => {
    const mine = (await sandboxExchanges(sandboxUrls().bling!)).filter((e) => e.time >= startedAt);
    await expectExchangesConform('bling', mine);
  });
});
