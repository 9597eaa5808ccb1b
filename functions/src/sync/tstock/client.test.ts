import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error.js';
import { FAST, itHandlesFaults, loadTramontinaCredentials, upstreamFailure, useSandboxes } from '../../../../test-support/sandboxes.js';
import { stockFileCode, TSTOCK, TstockClient, type TstockProductRef } from './client.js';
import { parseStockFile, stockByProduct, tstockFileRow, tstockStockRows, tstockStockRowsFromFile } from './mapping.js';

const sandboxes = useSandboxes();
const [main, cookstore] = loadTramontinaCredentials().tstock;
const client = (options: object = FAST, credentials = main!) => new TstockClient({ baseUrl: sandboxes().urls['tramontina-tstock'], credentials, ...options });

const products: TstockProductRef[] = [
  { id: '10437899', companyId: 1 },
  { id: '10618562', companyId: 1 },
  { id: '20198603', companyId: 2 },
];

describe('TStock client against its sandbox', () => {
  it('reads the stock of a list of products and maps it to the manufacturer warehouse key', async () => {
    const stock = await client().stock([...products, { id: '99999999', companyId: 1 }]);
    expect(stock.registros.map((r) => r.id)).toEqual(products.map((p) => p.id));
    expect(stock.naoEncontrados).toContainEqual({ id: '99999999', companyId: 1 });
    expect(stock.download).toMatch(/\/api\/estoque\/arquivos\/EST-[0-9a-f]+\.xls\?/);

    const rows = tstockStockRows('main', stock.registros, new Date('2026-11-01T00:00:00Z'));
    const first = rows.find((r) => r.id === '10437899')!;
    const registro = stock.registros.find((r) => r.id === '10437899')!;
    expect(first).toMatchObject({ project: 'main', company: '1', source: 'tstock' });
    expect(first.data.product).toEqual({
      ProductCode: '10437899',
      Company: 1,
      Stock: { 'tramontina-rs': { qty: registro.estoques.reduce((s, e) => s + e.disponivel, 0), ProductCodeErp: registro.codigoErp } },
    });
  });

  it('walks every page', async () => {
    const c = client();
    const page = await c.paginate(products, 1, 1);
    expect(page.totalPaginas).toBe(page.totalRegistros);
    const all = await c.stock(products);
    expect(all.registros).toHaveLength(page.totalRegistros);
  });

  it('downloads and parses the stock file, which agrees with the paginated answer', async () => {
    const c = client(FAST, cookstore!);
    const stock = await c.stock(products);
    const text = await c.downloadStockFile(stock.download!);
    const rows = parseStockFile(text);
    const byProduct = stockByProduct(rows);
    for (const registro of stock.registros) {
      expect(byProduct.find((p) => p.ProductCode === registro.id)?.disponivel).toBe(registro.estoques.reduce((s, e) => s + e.disponivel, 0));
    }
    const code = stockFileCode(stock.download!);
    const fileRow = tstockFileRow('cookstore', code, stock.download!, rows, new Date());
    expect(fileRow.id).toMatch(/^EST-/);
    expect(fileRow.download_url).not.toContain('assinatura');
    expect(tstockStockRowsFromFile('cookstore', rows, new Date())).toHaveLength(stock.registros.length);
  });

  it('refuses a download URL outside TStock, and a tampered signature', async () => {
    await expect(client().downloadStockFile('http://169.254.169.254/latest/meta-data')).rejects.toBeInstanceOf(ApiError);
    const stock = await client().stock(products);
    const tampered = stock.download!.replace(/assinatura=[0-9a-f]/, 'assinatura=z');
    const error = await upstreamFailure(client().downloadStockFile(tampered));
    expect(error.message).toBe(`${TSTOCK}: credenciais recusadas (HTTP 403)`);
  });

  it('reports refused credentials', async () => {
    const error = await upstreamFailure(client(FAST, { user: 'main.tstock', password: 'x' }).stock(products));
    expect(error.message).toBe(`${TSTOCK}: credenciais recusadas (HTTP 401)`);
  });

  describe('paginate', () => {
    itHandlesFaults({
      sandboxes,
      sandbox: 'tramontina-tstock',
      upstream: TSTOCK,
      path: '/api/estoque/paginar',
      call: (options) => client(options).stock(products),
    });
  });

  describe('stock file download', () => {
    let download = '';
    itHandlesFaults({
      sandboxes,
      sandbox: 'tramontina-tstock',
      upstream: TSTOCK,
      path: '/api/estoque/arquivos',
      call: async (options) => {
        download ||= (await client().stock(products)).download!;
        return parseStockFile(await client(options).downloadStockFile(download));
      },
      // The file cut in half ends in the middle of a line.
      malformed: /^TStock: arquivo de estoque inválido \(linha \d+ incompleta\)$/,
    });
  });
});
