import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, RequestListener } from 'node:http';
import type { SandboxCatalogue, SandboxProduct } from './catalogue.js';
import {
  basicCredentials,
  checkCredential,
  loadTramontinaCredentials,
  notFoundJson,
  readJsonBody,
  safeEqual,
  sendJson,
  sendText,
  stableFraction,
  updatedAt,
  type Credential,
} from './respond.js';
import { isManufacturerProduct } from './tramontina-webservice.js';

/**
 * The manufacturer's stock system (TStock). HTTP Basic with the TStock user and password of
 * config/tramontina. `POST /api/estoque/paginar {produtos: [{id, companyId}], pagina, tamanhoPagina}`
 * answers one page of per-product stock by
 * warehouse (depósito) and a signed `download` URL of the stock file of the whole request: a
 * tab-separated "Excel" export (`.xls`, or `;`-separated with `formato=csv`) with a title line.
 */

export const TSTOCK_PAGINATE_PATH = '/api/estoque/paginar';
export const TSTOCK_FILES_PATH = '/api/estoque/arquivos';
const MAX_PAGE_SIZE = 100;
const DOWNLOAD_TTL_MS = 60 * 60 * 1000;

export interface TstockOptions {
  credentials?: Credential[];
}

interface Requested {
  id: string;
  companyId: number;
}

/** The warehouses (depósitos) of the manufacturer: the seed's tramontina-rs is Carlos Barbosa. */
const DEPOSITOS = [
  { deposito: 'CB01', nomeDeposito: 'Carlos Barbosa - RS' },
  { deposito: 'RE01', nomeDeposito: 'Recife - PE' },
] as const;

export function tstockBalances(product: SandboxProduct) {
  const carlosBarbosa = product.Stock?.['tramontina-rs']?.qty ?? Math.floor(stableFraction(`${product.ProductCode}:CB01`) * 300);
  // Recife holds a smaller, invented share; a third of the products have none there.
  const recifeShare = stableFraction(`${product.ProductCode}:RE01`);
  const recife = recifeShare < 0.33 ? 0 : Math.floor(recifeShare * 120);
  return DEPOSITOS.map(({ deposito, nomeDeposito }, i) => {
    const saldo = i === 0 ? carlosBarbosa : recife;
    const reservado = Math.min(saldo, Math.floor(stableFraction(`${product.ProductCode}:${deposito}:res`) * 6));
    const previsao = saldo === 0 ? '2026-12-15' : null;
    return { deposito, nomeDeposito, saldo, reservado, disponivel: saldo - reservado, previsaoEntrada: previsao };
  });
}

function parseRequested(value: unknown): Requested[] | null {
  if (!Array.isArray(value)) return null;
  const out: Requested[] = [];
  for (const item of value) {
    const id = (item as { id?: unknown })?.id;
    const companyId = Number((item as { companyId?: unknown })?.companyId);
    if ((typeof id !== 'string' && typeof id !== 'number') || !Number.isInteger(companyId)) return null;
    out.push({ id: String(id).trim(), companyId });
  }
  return out;
}

async function readRequest(req: IncomingMessage): Promise<{ produtos: unknown; pagina: unknown; tamanhoPagina: unknown } | null> {
  const body = (await readJsonBody(req)) as Record<string, unknown> | undefined;
  return body && typeof body === 'object' ? { produtos: body.produtos, pagina: body.pagina, tamanhoPagina: body.tamanhoPagina } : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** dd/mm/aaaa hh:mm, as the Brazilian export shows dates (UTC, so the file is the same everywhere). */
function brDateTime(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
function brDate(isoDate: string | null): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

export const STOCK_FILE_COLUMNS = [
  'Código',
  'Empresa',
  'Descrição',
  'Depósito',
  'Nome do Depósito',
  'Saldo',
  'Reservado',
  'Disponível',
  'Previsão de Entrada',
  'Atualizado em',
];

export function stockFile(products: SandboxProduct[], separator: '\t' | ';', generatedAt: Date): string {
  const clean = (text: string) => text.replace(/[\t;\r\n]+/g, ' ');
  const lines = [`Relatório de Estoque TStock - gerado em ${brDateTime(generatedAt.toISOString())}`, STOCK_FILE_COLUMNS.join(separator)];
  for (const product of products) {
    for (const b of tstockBalances(product)) {
      lines.push(
        [
          product.ProductCode,
          String(product.Company),
          clean(product.ProductSiteName),
          b.deposito,
          b.nomeDeposito,
          b.saldo,
          b.reservado,
          b.disponivel,
          brDate(b.previsaoEntrada),
          brDateTime(updatedAt(product)),
        ].join(separator),
      );
    }
  }
  // A BOM, as spreadsheet exports carry, so Excel reads the accents.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export function createTramontinaTstockSandbox(catalogue: SandboxCatalogue, options: TstockOptions = {}): RequestListener {
  const credentials = options.credentials ?? loadTramontinaCredentials().tstock;
  const secret = randomBytes(16).toString('hex');
  /** File code → the products it lists. */
  const files = new Map<string, string[]>();
  const sign = (code: string, expires: number) => createHmac('sha256', secret).update(`${code}:${expires}`).digest('hex').slice(0, 32);

  const find = (r: Requested) => {
    const product = catalogue.byCode.get(r.id);
    return isManufacturerProduct(product) && product.Company === r.companyId ? product : null;
  };

  return async (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const path = url.pathname.replace(/\/+$/, '');

    const fileMatch = new RegExp(`^${TSTOCK_FILES_PATH}/([A-Za-z0-9-]+)\\.(xls|csv)$`).exec(path);
    if (fileMatch) {
      // The download link is signed (like a storage URL): no Basic authentication needed.
      const code = fileMatch[1]!;
      const expires = Number(url.searchParams.get('expira'));
      const signature = url.searchParams.get('assinatura') ?? '';
      if (!Number.isFinite(expires) || expires < Date.now() || !safeEqual(signature, sign(code, expires))) {
        return sendJson(res, 403, { erro: 'Link de download inválido ou expirado.' });
      }
      const codes = files.get(code);
      if (!codes) return notFoundJson(res, 'Arquivo');
      const products = codes.map((c) => catalogue.byCode.get(c)!).filter(Boolean);
      const csv = fileMatch[2] === 'csv';
      return sendText(
        res,
        200,
        stockFile(products, csv ? ';' : '\t', new Date()),
        csv ? 'text/csv; charset=utf-8' : 'application/vnd.ms-excel; charset=utf-8',
        {
          'content-disposition': `attachment; filename="estoque-${code}.${fileMatch[2]}"`,
        },
      );
    }

    if (path !== TSTOCK_PAGINATE_PATH) return notFoundJson(res, 'Endereço');
    // POST only: the contract (contracts/tstock, from the spec) has no GET; the sandbox accepts no more than it.
    if (req.method !== 'POST') return sendJson(res, 405, { erro: 'Método não permitido.' }, { allow: 'POST' });
    const login = basicCredentials(req);
    if (!login || !checkCredential(credentials, login.user, login.password)) {
      return sendJson(res, 401, { erro: 'Usuário ou senha inválidos.' }, { 'www-authenticate': 'Basic realm="TStock"' });
    }

    const input = await readRequest(req);
    const requested = parseRequested(input?.produtos);
    if (!input || !requested || requested.length === 0) {
      return sendJson(res, 400, { erro: 'Informe produtos: uma lista de {id, companyId}.' });
    }
    const pagina = input.pagina === undefined ? 1 : Number(input.pagina);
    const tamanhoPagina = input.tamanhoPagina === undefined ? 50 : Number(input.tamanhoPagina);
    if (!Number.isInteger(pagina) || pagina < 1 || !Number.isInteger(tamanhoPagina) || tamanhoPagina < 1 || tamanhoPagina > MAX_PAGE_SIZE) {
      return sendJson(res, 400, { erro: `pagina deve ser ≥ 1 e tamanhoPagina entre 1 e ${MAX_PAGE_SIZE}.` });
    }

    const found: SandboxProduct[] = [];
    const naoEncontrados: Requested[] = [];
    const seen = new Set<string>();
    for (const r of requested) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      const product = find(r);
      if (product) found.push(product);
      else naoEncontrados.push(r);
    }

    const page = found.slice((pagina - 1) * tamanhoPagina, pagina * tamanhoPagina);
    const codes = found.map((p) => p.ProductCode);
    const fileCode = `EST-${createHash('sha256').update(codes.join(',')).digest('hex').slice(0, 12)}`;
    files.set(fileCode, codes);
    const expires = Date.now() + DOWNLOAD_TTL_MS;
    const download = codes.length ? `${url.origin}${TSTOCK_FILES_PATH}/${fileCode}.xls?expira=${expires}&assinatura=${sign(fileCode, expires)}` : null;

    return sendJson(res, 200, {
      pagina,
      tamanhoPagina,
      totalPaginas: Math.max(1, Math.ceil(found.length / tamanhoPagina)),
      totalRegistros: found.length,
      registros: page.map((p) => {
        const estoques = tstockBalances(p);
        return {
          id: p.ProductCode,
          companyId: p.Company,
          codigoErp: p.Stock?.['tramontina-rs']?.ProductCodeErp ?? p.ProductCode,
          descricao: p.ProductSiteName,
          situacao: p.Salable === 'N' ? 'INATIVO' : 'ATIVO',
          estoques,
          disponivelTotal: estoques.reduce((s, e) => s + e.disponivel, 0),
          atualizadoEm: updatedAt(p),
        };
      }),
      naoEncontrados,
      download,
    });
  };
}
