import { z } from 'zod';
import { ApiError } from '../../lib/api-error.js';
import { basicAuth, fetchUpstream, joinUrl, type UpstreamCallOptions } from '../../lib/vendor-http.js';
import type { UpstreamCredentials } from '../tramontina/client.js';

/**
 * The manufacturer's stock system (TStock), HTTP Basic with the TStock user and password of
 * config/tramontina: a paginated stock query for a list of products, whose answer carries a
 * signed `download` URL of the stock file (a spreadsheet export, see mapping.ts).
 */

export const TSTOCK = 'TStock';
const PAGINATE_PATH = '/api/estoque/paginar';
/** TStock's largest page. */
export const TSTOCK_PAGE_SIZE = 100;

export interface TstockProductRef {
  /** Product code. */
  id: string;
  companyId: number;
}

const deposito = z.object({
  deposito: z.string().min(1),
  nomeDeposito: z.string().nullish(),
  saldo: z.number(),
  reservado: z.number().default(0),
  disponivel: z.number(),
  previsaoEntrada: z.string().nullish(),
});

export const tstockRegistroSchema = z.object({
  id: z.string().min(1),
  companyId: z.number().int(),
  codigoErp: z.string().nullish(),
  descricao: z.string().nullish(),
  situacao: z.string().nullish(),
  estoques: z.array(deposito),
  disponivelTotal: z.number().optional(),
  atualizadoEm: z.string().nullish(),
});
export type TstockRegistro = z.infer<typeof tstockRegistroSchema>;

export const tstockPageSchema = z.object({
  pagina: z.number().int(),
  tamanhoPagina: z.number().int(),
  totalPaginas: z.number().int(),
  totalRegistros: z.number().int(),
  registros: z.array(tstockRegistroSchema),
  naoEncontrados: z.array(z.object({ id: z.coerce.string(), companyId: z.number() })).default([]),
  download: z.url().nullable(),
});
export type TstockPage = z.infer<typeof tstockPageSchema>;

export interface TstockStock {
  registros: TstockRegistro[];
  naoEncontrados: TstockProductRef[];
  /** Signed URL of the stock file of the whole query; null when no product was found. */
  download: string | null;
}

export interface TstockOptions extends UpstreamCallOptions {
  baseUrl: string;
  credentials: UpstreamCredentials;
}

export class TstockClient {
  constructor(private readonly options: TstockOptions) {}

  private call() {
    const { baseUrl: _base, credentials: _credentials, ...call } = this.options;
    return call;
  }

  /** One page of the stock of `products`. */
  async paginate(products: TstockProductRef[], pagina = 1, tamanhoPagina = TSTOCK_PAGE_SIZE): Promise<TstockPage> {
    const { baseUrl, credentials } = this.options;
    return fetchUpstream(TSTOCK, joinUrl(baseUrl, PAGINATE_PATH), {
      ...this.call(),
      method: 'POST',
      headers: { authorization: basicAuth(credentials.user, credentials.password), 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ produtos: products, pagina, tamanhoPagina }),
      // A query, not a change: safe to repeat.
      idempotent: true,
      schema: tstockPageSchema,
    });
  }

  /** Every page of the stock of `products`; `download` is the first page's (it covers the whole query). */
  async stock(products: TstockProductRef[]): Promise<TstockStock> {
    if (products.length === 0) return { registros: [], naoEncontrados: [], download: null };
    const first = await this.paginate(products, 1);
    const registros = [...first.registros];
    for (let pagina = 2; pagina <= first.totalPaginas; pagina++) {
      registros.push(...(await this.paginate(products, pagina, first.tamanhoPagina)).registros);
    }
    return { registros, naoEncontrados: first.naoEncontrados, download: first.download };
  }

  /**
   * The stock file behind a `download` URL, as text. The URL comes from the caller (a query
   * parameter of our endpoint), so only TStock's own origin is fetched.
   */
  async downloadStockFile(downloadUrl: string): Promise<string> {
    assertTstockUrl(this.options.baseUrl, downloadUrl);
    return fetchUpstream(TSTOCK, downloadUrl, { ...this.call(), responseType: 'text', headers: { accept: 'application/vnd.ms-excel, text/csv, text/plain' } });
  }
}

/** Refuses a download URL that is not on the TStock host (no fetching arbitrary URLs for a caller). */
export function assertTstockUrl(baseUrl: string, downloadUrl: string): void {
  let url: URL;
  try {
    url = new URL(downloadUrl);
  } catch {
    throw new ApiError(400, 'downloadUrl inválida.');
  }
  if (url.origin !== new URL(baseUrl).origin) throw new ApiError(400, 'downloadUrl não é um arquivo do TStock.');
}

/** The file's code (the last path segment without extension), e.g. EST-ebf105229bb6. */
export function stockFileCode(downloadUrl: string): string {
  const last = new URL(downloadUrl).pathname.split('/').filter(Boolean).at(-1) ?? '';
  return decodeURIComponent(last).replace(/\.[a-z0-9]+$/i, '');
}
