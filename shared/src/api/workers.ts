import { z } from 'zod';
import { createEndpointMatcher, defineEndpoint, type EndpointSpec } from './contract.js';
import { productTextAnswerSchema } from './ai.js';
import { MARKETPLACE_STORES } from './sync-config.js';

/**
 * The worker-service endpoints of document 1 §7: all GET with access 'project', answering a JSON
 * report of the step. The bulk sync screen calls them (and queues them: POST
 * /api/console/queue/tasks accepts exactly the URLs these descriptors build), the single-product
 * buttons chain them. Path params are checked here, so a queued URL is refused before it runs.
 */

/**
 * A product code (SKU) as it appears in paths and queries: it becomes a Firestore document id and
 * a warehouse key, so only letters, digits, '.', '_' and '-' (no '/', no '..').
 */
export const productCodeSchema = z
  .string()
  // No trimming: '10437899\n' is not the code 10437899 (a control character is refused, not dropped).
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'código de produto inválido')
  .refine((code) => !code.includes('..'), 'código de produto inválido');

/** The `bling` query parameter: an account of config/bling (index or description); none = the default. */
export const blingAccountParam = z.string().trim().max(200).optional();

/** A Bling loja id as the URL carries it. */
export const lojaParam = z
  .string()
  .trim()
  .regex(/^\d{1,20}$/, 'loja inválida');

/** The store sites whose product pages feed the warehouse (site_products). */
export const STORE_SITES = ['cookstore', 'centergarbin', 'excellenceshop', 'cookeletroraro'] as const;
export type StoreSite = (typeof STORE_SITES)[number];

/** The manufacturer's company id of a path (1–999). */
const companyParam = z
  .string()
  .regex(/^\d{1,3}$/, 'empresa inválida')
  .transform(Number)
  .pipe(z.number().int().positive('empresa inválida'));

/** The TStock query `products`: JSON [{id, companyId}], 1 to 500 of them. */
export const tstockProductsParam = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'products deve ser JSON [{id, companyId}]' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(z.object({ id: productCodeSchema, companyId: z.coerce.number().int().positive() }))
      .min(1, 'informe ao menos um produto')
      .max(500, 'no máximo 500 produtos'),
  );

/** Every worker answers a report of what it did (`ok: true`), shown in the console's log. */
export const workerAnswerSchema = z.looseObject({ ok: z.literal(true) });

type WorkerDefaults = { method: 'GET'; access: 'project'; answer: typeof workerAnswerSchema };
type WorkerSpec = Omit<EndpointSpec, 'method' | 'access' | 'answer'> & { answer?: EndpointSpec['answer'] };

/** A worker descriptor: GET, access 'project', answering the step's report unless it says otherwise. */
function workerEndpoint<const S extends WorkerSpec>(spec: S) {
  const defaults: WorkerDefaults = { method: 'GET', access: 'project', answer: workerAnswerSchema };
  return defineEndpoint({ ...defaults, ...spec } as Omit<WorkerDefaults, keyof S> & S & EndpointSpec);
}

const codeParams = z.object({ code: productCodeSchema });

/** ERP (Bling) → warehouse (bling_products): ?id&project[&bling]. */
export const blingBigqueryProdutosEndpoint = workerEndpoint({
  path: '/api/bling/bigquery/produtos',
  query: z.object({ id: productCodeSchema, bling: blingAccountParam }),
});

/** Manufacturer web service → warehouse (tramontina_products). */
export const tramontinaWebserviceProductsEndpoint = workerEndpoint({
  path: '/api/tramontina/webservice/products/:company/:code',
  params: z.object({ company: companyParam, code: productCodeSchema }),
});

/** TStock stock → warehouse; the answer's `download` is the stock file for the download step. */
export const tramontinaTstockPaginateEndpoint = workerEndpoint({
  path: '/api/tramontina/tstock/bigquery/paginate',
  query: z.object({ products: tstockProductsParam }),
  answer: z.looseObject({ ok: z.literal(true), download: z.string().nullish() }),
});

/** The stock file (the paginate answer's `download`, on TStock's host only) → warehouse. */
export const tramontinaTstockfilesDownloadEndpoint = workerEndpoint({
  path: '/api/tramontina/tstockfiles/bigquery/download/:code',
  params: codeParams,
  query: z.object({ downloadUrl: z.url('downloadUrl inválida') }),
});

/**
 * Warehouse rows of the code → product-data (and product). `preview`: the version a bulk sync's
 * 'Pré-visualizar' answered for the code; the write happens only if it would still change exactly that.
 */
export const tramontinaFirestoreProductsEndpoint = workerEndpoint({
  path: '/api/tramontina/firestore/products/:code',
  params: codeParams,
  query: z.object({
    preview: z
      .string()
      .regex(/^[0-9a-f]{16}$/, 'preview inválido')
      .optional(),
  }),
});

/** Franke store → warehouse (franke_products): ?id&project. */
export const frankeStoreProductEndpoint = workerEndpoint({
  path: '/api/franke/store/product',
  query: z.object({ id: productCodeSchema }),
});

/** Doka site → warehouse (doka_products): ?code&project. */
export const dokaProductSiteFastEndpoint = workerEndpoint({
  path: '/api/doka/product-site-fast',
  query: z.object({ code: productCodeSchema }),
});

/** Store site → warehouse (site_products): /api/sites/{site}/products?id&project. */
export const sitesProductsEndpoint = workerEndpoint({
  path: '/api/sites/:site/products',
  params: z.object({ site: z.enum(STORE_SITES, `site deve ser um de ${STORE_SITES.join(', ')}`) }),
  query: z.object({ id: productCodeSchema }),
});

/** The product created (or updated) in the ERP: ?project[&bling]. */
export const blingProdutoCreateEndpoint = workerEndpoint({
  path: '/api/bling/produto/create/:code',
  params: codeParams,
  query: z.object({ bling: blingAccountParam }),
});

/** The produto's situacao set from the product's Status: ?project[&bling]. */
export const blingProdutoUpdateFlagEndpoint = workerEndpoint({
  path: '/api/bling/produto/update-flag/:code',
  params: codeParams,
  query: z.object({ bling: blingAccountParam }),
});

/** Marketplace push to the loja of `store`; without `store`, the update-store variant: ?loja&store&project[&bling]. */
export const blingProdutolojaCreateEndpoint = workerEndpoint({
  path: '/api/bling/produtoloja/create/:code',
  params: codeParams,
  query: z.object({ loja: lojaParam.optional(), store: z.enum(MARKETPLACE_STORES).optional(), bling: blingAccountParam }),
});

/** Marketplace removal from one configured loja: ?loja&project[&bling]. */
export const blingProdutolojaDeleteEndpoint = workerEndpoint({
  path: '/api/bling/produtoloja/delete/:code',
  params: codeParams,
  query: z.object({ loja: lojaParam, bling: blingAccountParam }),
});

/**
 * One AI-written text of one product: /api/firestore/product-openai/{title|description|sales|
 * badges|facets|reviews}/{code}?project. The kind is checked by the handler (its message names the
 * kinds).
 */
export const firestoreProductOpenaiEndpoint = workerEndpoint({
  path: '/api/firestore/product-openai/:kind/:code',
  params: z.object({ kind: z.string(), code: productCodeSchema }),
  answer: productTextAnswerSchema,
});

/** The only endpoints the sync queue runs (and the bulk screen calls), in the order of document 1 §7. */
export const WORKER_ENDPOINTS = [
  blingBigqueryProdutosEndpoint,
  tramontinaWebserviceProductsEndpoint,
  tramontinaTstockPaginateEndpoint,
  tramontinaTstockfilesDownloadEndpoint,
  tramontinaFirestoreProductsEndpoint,
  frankeStoreProductEndpoint,
  dokaProductSiteFastEndpoint,
  sitesProductsEndpoint,
  blingProdutoCreateEndpoint,
  blingProdutoUpdateFlagEndpoint,
  blingProdutolojaCreateEndpoint,
  blingProdutolojaDeleteEndpoint,
  firestoreProductOpenaiEndpoint,
] as const;

const workerMatcher = createEndpointMatcher(WORKER_ENDPOINTS);

/**
 * The worker endpoint a URL calls, with its params and query parsed by the descriptor's schemas;
 * null for any other URL (another path, a missing or repeated project, a param the schema refuses).
 */
export const matchWorkerUrl = (url: string) => workerMatcher.matchUrl('GET', url);
