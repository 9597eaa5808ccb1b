import type { RequestListener } from 'node:http';
import type { SandboxCatalogue, SandboxProduct } from './catalogue.js';
import { notFoundJson, round2, sendJson, slugify, stableFraction, totalStock, updatedAt } from './respond.js';

/**
 * A store site's public storefront API (`GET /api/produtos/{id}`): the product as the site shows
 * it — "de/por" prices, the Pix price, installments and availability. One factory, four instances.
 * Every site carries the whole catalogue; cookstore shows the seed's own prices, the other sites
 * vary them a little (stable per product). No authentication (public API).
 */

export const STORE_SITES = ['cookstore', 'centergarbin', 'excellenceshop', 'cookeletroraro'] as const;
export type StoreSite = (typeof STORE_SITES)[number];
export const SITE_PRODUCT_PATH = '/api/produtos';

const DOMAINS: Record<StoreSite, string> = {
  cookstore: 'https://www.cookstore.com.br',
  centergarbin: 'https://www.centergarbin.com.br',
  excellenceshop: 'https://www.excellenceshop.com.br',
  cookeletroraro: 'https://www.cookeletroraro.com.br',
};

/** Pix discount each site gives on the cash price. */
const PIX_DISCOUNT: Record<StoreSite, number> = { cookstore: 0.05, centergarbin: 0.1, excellenceshop: 0.03, cookeletroraro: 0.07 };

export function siteProduct(site: StoreSite, product: SandboxProduct) {
  const factor = site === 'cookstore' ? 1 : 0.92 + stableFraction(`${site}:price:${product.ProductCode}`) * 0.18;
  const por = round2((product.Price ?? 0) * factor);
  const de = round2(Math.max(por, (product.PriceCompare ?? por) * factor));
  const parcelas = Number((product.Options as { maxInstallments?: number } | undefined)?.maxInstallments ?? 10) || 1;
  const quantidade = site === 'cookstore' ? totalStock(product) : Math.floor(totalStock(product) * stableFraction(`${site}:qty:${product.ProductCode}`));
  const slug = slugify(product.ProductSiteName);
  return {
    id: product.ProductCode,
    sku: product.ProductCode,
    nome: product.ProductSiteName,
    marca: product.brand ?? null,
    ean: product.EAN13 ?? null,
    url: `${DOMAINS[site]}/produto/${slug}-${product.ProductCode}`,
    imagem: product.ProductImage ?? null,
    preco: {
      de,
      por,
      pix: round2(por * (1 - PIX_DISCOUNT[site])),
      parcelas,
      valorParcela: round2(por / parcelas),
    },
    estoque: { disponivel: quantidade > 0, quantidade },
    atualizadoEm: updatedAt(product),
  };
}

export function createSiteStoreSandbox(catalogue: SandboxCatalogue, site: StoreSite): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const match = new RegExp(`^${SITE_PRODUCT_PATH}/([^/]+)/?$`).exec(url.pathname);
    if (!match) return notFoundJson(res, 'Endereço');
    if (req.method !== 'GET') return sendJson(res, 405, { erro: 'Método não permitido.' }, { allow: 'GET' });
    const product = catalogue.byCode.get(decodeURIComponent(match[1]!).trim());
    if (!product) return notFoundJson(res, 'Produto');
    return sendJson(res, 200, { loja: site, produto: siteProduct(site, product) });
  };
}
