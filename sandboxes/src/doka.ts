import type { RequestListener } from 'node:http';
import type { SandboxCatalogue, SandboxProduct } from './catalogue.js';
import { round2, sendText, slugify, stableFraction, totalStock } from './respond.js';

/**
 * The Doka site: no API, an HTML product page per code (`GET /produto/{code}`) that the client
 * reads — a schema.org Product in JSON-LD (price, availability) and the visible price and stock
 * markup. No authentication. Unknown codes get the site's 404 page.
 */

export const DOKA_PRODUCT_PATH = '/produto';

const brl = (n: number) => `R$ ${n.toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function dokaOffer(product: SandboxProduct) {
  const base = product.Price ?? product.PriceCompare ?? 0;
  const price = round2(base * (0.94 + stableFraction(`doka:price:${product.ProductCode}`) * 0.12));
  const listPrice = round2(Math.max(price, product.PriceCompare ?? price));
  const quantity = Math.floor(totalStock(product) * stableFraction(`doka:qty:${product.ProductCode}`));
  return { price, listPrice, quantity };
}

export function dokaPage(product: SandboxProduct, origin: string): string {
  const { price, listPrice, quantity } = dokaOffer(product);
  const url = `${origin}${DOKA_PRODUCT_PATH}/${encodeURIComponent(product.ProductCode)}`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.ProductSiteName,
    sku: product.ProductCode,
    gtin13: product.EAN13,
    brand: { '@type': 'Brand', name: product.brand },
    image: product.ProductImage,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'BRL',
      price: price.toFixed(2),
      availability: quantity > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    },
  };
  const name = escapeHtml(product.ProductSiteName);
  const stock =
    quantity > 0
      ? `<p class="estoque disponivel" data-quantidade="${quantity}">${quantity} ${quantity === 1 ? 'unidade' : 'unidades'} em estoque</p>`
      : '<p class="estoque indisponivel" data-quantidade="0">Produto indisponível</p>';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<title>${name} | Doka</title>
<link rel="canonical" href="${url}/${slugify(product.ProductSiteName)}">
<meta property="og:title" content="${name}">
<meta property="product:price:amount" content="${price.toFixed(2)}">
<meta property="product:price:currency" content="BRL">
<script type="application/ld+json">${JSON.stringify(jsonLd).replace(/</g, '\\u003c')}</script>
</head>
<body>
<header><a href="/">Doka Distribuidora</a></header>
<main class="produto" data-sku="${escapeHtml(product.ProductCode)}">
<h1 class="produto-nome">${name}</h1>
<p class="produto-codigo">Código: <span>${escapeHtml(product.ProductCode)}</span></p>
<div class="precos">
<span class="preco-de">De ${brl(listPrice)}</span>
<span class="preco-por" data-preco="${price.toFixed(2)}">${brl(price)}</span>
<span class="parcelamento">ou 10x de ${brl(round2(price / 10))} sem juros</span>
</div>
${stock}
</main>
</body>
</html>
`;
}

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>Página não encontrada | Doka</title></head>
<body><h1>Ops! Página não encontrada.</h1><p>O produto que você procura não está disponível.</p></body></html>
`;

export function createDokaSandbox(catalogue: SandboxCatalogue): RequestListener {
  return (req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    const match = new RegExp(`^${DOKA_PRODUCT_PATH}/([^/]+)(?:/[^/]*)?/?$`).exec(url.pathname);
    const html = 'text/html; charset=utf-8';
    if (!match) return sendText(res, 404, NOT_FOUND_PAGE, html);
    if (req.method !== 'GET') return sendText(res, 405, 'Método não permitido.', 'text/plain; charset=utf-8', { allow: 'GET' });
    const product = catalogue.byCode.get(decodeURIComponent(match[1]!).trim());
    if (!product) return sendText(res, 404, NOT_FOUND_PAGE, html);
    return sendText(res, 200, dokaPage(product, url.origin), html);
  };
}
