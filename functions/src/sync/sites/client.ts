import { z } from 'zod';
import { STORE_SITES, type StoreSite } from '@console/shared';
import { fetchUpstream, joinUrl, UpstreamError, type UpstreamCallOptions } from '../../lib/vendor-http.js';

/**
 * The four store sites' public storefront API: `GET /api/produtos/{id}` answers the product as the
 * site shows it ("de/por" prices, Pix price, installments, availability). No authentication.
 */

/** The sites (shared: the worker descriptors' `:site`). */
export { STORE_SITES, type StoreSite } from '@console/shared';

/** The upstream's name in messages: 'Site cookstore'. */
export const siteUpstream = (site: StoreSite) => `Site ${site}`;

const PRODUCT_PATH = '/api/produtos';

export const siteProductSchema = z.object({
  id: z.string().min(1),
  sku: z.string().nullish(),
  nome: z.string(),
  marca: z.string().nullish(),
  ean: z.string().nullish(),
  url: z.string().nullish(),
  imagem: z.string().nullish(),
  preco: z.object({
    de: z.number().nullish(),
    por: z.number(),
    pix: z.number().nullish(),
    parcelas: z.number().int().positive().nullish(),
    valorParcela: z.number().nullish(),
  }),
  estoque: z.object({ disponivel: z.boolean(), quantidade: z.number().nullish() }),
  atualizadoEm: z.string().nullish(),
});
export type SiteProduct = z.infer<typeof siteProductSchema>;

const answerSchema = z.object({ loja: z.string().optional(), produto: siteProductSchema });

/** STORE_SITE_URLS (JSON {cookstore, centergarbin, excellenceshop, cookeletroraro}) → URL by site. */
export function parseStoreSiteUrls(json: string): Record<StoreSite, string> {
  const schema = z.object(Object.fromEntries(STORE_SITES.map((site) => [site, z.url()])) as Record<StoreSite, z.ZodURL>);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('STORE_SITE_URLS não é um JSON válido.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`STORE_SITE_URLS inválido: ${parsed.error.issues[0]?.path.join('.')} deve ser uma URL.`);
  return parsed.data;
}

export interface StoreSiteOptions extends UpstreamCallOptions {
  site: StoreSite;
  baseUrl: string;
}

export class StoreSiteClient {
  constructor(private readonly options: StoreSiteOptions) {}

  get site(): StoreSite {
    return this.options.site;
  }

  /** The product `id` as the site shows it; null when the site does not sell it. */
  async product(id: string): Promise<SiteProduct | null> {
    const { site, baseUrl, ...call } = this.options;
    try {
      const answer = await fetchUpstream(siteUpstream(site), joinUrl(baseUrl, `${PRODUCT_PATH}/${encodeURIComponent(id)}`), {
        ...call,
        headers: { accept: 'application/json' },
        schema: answerSchema,
      });
      return answer.produto;
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'not-found') return null;
      throw error;
    }
  }
}
