import { randomBytes } from 'node:crypto';
import type { RequestListener } from 'node:http';
import type { SandboxCatalogue, SandboxProduct } from './catalogue.js';
import { checkCredential, loadTramontinaCredentials, notFoundJson, readJsonBody, sendJson, updatedAt, type Credential } from './respond.js';

/**
 * The manufacturer's product web service. Login with the web service user and password of
 * config/tramontina (`POST /api/v1/autenticacao {usuario, senha}` → a bearer token valid for an
 * hour), then `GET /api/v1/produtos/{company}/{code}`. Field names follow the manufacturer's
 * system (PascalCase, the names the product entity kept); only Tramontina products are known, and
 * a product is found only under its own company.
 */

export const WEBSERVICE_LOGIN_PATH = '/api/v1/autenticacao';
export const WEBSERVICE_PRODUCT_PATH = '/api/v1/produtos';

export interface WebserviceOptions {
  credentials?: Credential[];
  tokenTtlSeconds?: number;
}

function fileExtension(url: string): string {
  return (/\.([a-z0-9]+)(?:\?|$)/i.exec(url)?.[1] ?? 'jpg').toUpperCase();
}

export function webserviceProduct(product: SandboxProduct) {
  const files = ((product.ProductFiles as { Files?: { FileCDNURL?: string; FileType?: string }[] } | undefined)?.Files ?? []).filter((f) => f.FileCDNURL);
  const images = files.length
    ? files.map((f, i) => ({ Url: f.FileCDNURL!, Order: i + 1, Type: f.FileType ?? 'PD', Extension: fileExtension(f.FileCDNURL!) }))
    : product.ProductImage
      ? [{ Url: product.ProductImage, Order: 1, Type: 'PD', Extension: fileExtension(product.ProductImage) }]
      : [];
  const byQty = Object.values((product.PriceNetByQty as Record<string, { PriceNet?: number; qty?: number }> | undefined) ?? {})
    .filter((p) => typeof p.qty === 'number' && typeof p.PriceNet === 'number')
    .map((p) => ({ Qty: p.qty!, PriceNet: p.PriceNet! }));
  return {
    Company: product.Company,
    ProductCode: product.ProductCode,
    Description: product.ProductSiteName,
    DescriptionLong: product.ProductDescription ?? '',
    Line: product.ProductLine ?? null,
    Brand: product.brand ?? 'Tramontina',
    EAN13: product.EAN13 ?? null,
    NCM: product.NCMCode ?? null,
    Salable: (product.Salable as string | undefined) ?? 'S',
    Status: (product.Status as string | undefined) ?? 'ativado',
    Warranty: (product.Warranty as string | undefined) ?? null,
    Dimensions: {
      Height: product.Height ?? null,
      Width: product.Width ?? null,
      Length: product.Length ?? null,
      Unit: (product.DimensionsUnit as string | undefined) ?? 'cm',
      NetWeight: product.NetWeight ?? null,
      GrossWeight: product.GrossWeight ?? null,
      WeightUnit: (product.WeightUnit as string | undefined) ?? 'kg',
    },
    Packing: {
      Height: (product.HeightPacking as number | undefined) ?? null,
      Width: (product.WidthPacking as number | undefined) ?? null,
      Length: (product.LengthPacking as number | undefined) ?? null,
    },
    Prices: {
      PriceNet: product.PriceNet ?? null,
      PriceMin: product.PriceMin ?? null,
      PriceMinInstallments: product.PriceMinInstallments ?? null,
      PriceNetIPI: product.PriceNetIPI ?? null,
      PriceNetByQty: byQty,
    },
    Images: images,
    UpdatedAt: updatedAt(product),
  };
}

export function isManufacturerProduct(product: SandboxProduct | undefined): product is SandboxProduct {
  return !!product && (product.brand ?? 'Tramontina') === 'Tramontina';
}

export function createTramontinaWebserviceSandbox(catalogue: SandboxCatalogue, options: WebserviceOptions = {}): RequestListener {
  const credentials = options.credentials ?? loadTramontinaCredentials().webservice;
  const ttl = options.tokenTtlSeconds ?? 3600;
  const tokens = new Map<string, number>();

  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname.replace(/\/+$/, '');

    if (path === WEBSERVICE_LOGIN_PATH) {
      if (req.method !== 'POST') return sendJson(res, 405, { erro: 'Método não permitido.' }, { allow: 'POST' });
      const body = (await readJsonBody(req)) as { usuario?: unknown; senha?: unknown } | undefined;
      if (!body || !checkCredential(credentials, body.usuario, body.senha)) {
        return sendJson(res, 401, { erro: 'Usuário ou senha inválidos.' });
      }
      const token = randomBytes(24).toString('hex');
      const expires = Date.now() + ttl * 1000;
      tokens.set(token, expires);
      return sendJson(res, 200, { token, tipo: 'Bearer', expiraEm: new Date(expires).toISOString(), expiraEmSegundos: ttl });
    }

    const match = new RegExp(`^${WEBSERVICE_PRODUCT_PATH}/([^/]+)/([^/]+)$`).exec(path);
    if (!match) return notFoundJson(res, 'Endereço');
    if (req.method !== 'GET') return sendJson(res, 405, { erro: 'Método não permitido.' }, { allow: 'GET' });

    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const expires = token ? tokens.get(token) : undefined;
    if (!token || expires === undefined || expires < Date.now()) {
      if (token) tokens.delete(token);
      return sendJson(res, 401, { erro: 'Token inválido ou expirado.' }, { 'www-authenticate': 'Bearer' });
    }

    const company = Number(decodeURIComponent(match[1]!));
    const code = decodeURIComponent(match[2]!).trim();
    const product = catalogue.byCode.get(code);
    if (!isManufacturerProduct(product) || product.Company !== company) return notFoundJson(res, 'Produto');
    return sendJson(res, 200, webserviceProduct(product));
  };
}
