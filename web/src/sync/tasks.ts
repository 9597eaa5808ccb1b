import {
  blingBigqueryProdutosEndpoint,
  blingProdutoCreateEndpoint,
  blingProdutolojaCreateEndpoint,
  blingProdutolojaDeleteEndpoint,
  blingProdutoUpdateFlagEndpoint,
  COMBINED_PRODUCT_TEXT_KINDS,
  companyFromProductCode,
  dokaProductSiteFastEndpoint,
  firestoreProductOpenaiEndpoint,
  frankeStoreProductEndpoint,
  MARKETPLACE_STORES,
  PRODUCT_TEXT_KINDS,
  sitesProductsEndpoint,
  STORE_SITES,
  tramontinaFirestoreProductsEndpoint,
  tramontinaTstockfilesDownloadEndpoint,
  tramontinaTstockPaginateEndpoint,
  tramontinaWebserviceProductsEndpoint,
  type MarketplaceStore,
  type ProductTextKind,
  type SyncConfigResponse,
} from '@console/shared';

/**
 * The sync tasks of the bulk sync screen, in catalogue order (the order of document 1 §7's
 * worker-service table), each one building the worker URL(s) it calls for a product code with the
 * worker descriptors (shared/src/api/workers.ts) — the URLs the sync queue accepts. The AI
 * text tasks (/api/firestore/product-openai/…) come before the store sites, as in the table: the
 * combined one (the first five texts in parallel), then each text alone.
 */

export interface TaskContext {
  project: string;
  /** The chosen config/bling account (its index), for the tasks that call Bling; none = the default account. */
  blingAccount?: string;
  /** Bling store ids per marketplace (GET /api/console/sync/config); null when not configured. */
  marketplaces: SyncConfigResponse['marketplaces'];
  /**
   * The versions 'Pré-visualizar' answered, by code: the BigQuery → Firestore step of a previewed
   * code writes only what was previewed (else it fails saying what changed).
   */
  previews?: ReadonlyMap<string, string>;
}

export interface SyncTaskDefinition {
  id: string;
  /** Shown beside the checkbox and in the grid. */
  name: string;
  /** The worker URL of this task for `code`: the one called first and the one queued. */
  url(code: string, context: TaskContext): string;
  /** A second call built from the first one's answer (TStock: the stock file it names), or null. */
  next?(code: string, context: TaskContext, answer: unknown): string | null;
  /** Calls made in parallel with the first URL (the combined AI texts); queued as URLs of their own. */
  alongside?(code: string, context: TaskContext): string[];
}

/** A task that cannot be built for a code (unknown company, missing configuration): it fails, with this message. */
export class TaskInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaskInputError';
  }
}

/** The chosen Bling account; none (or an empty choice) = the default account. */
const bling = (c: TaskContext) => c.blingAccount || undefined;

/** The company of a code by its first two characters (document 1 §9); a code of no known company fails the task. */
export function requireCompany(code: string): number {
  const company = companyFromProductCode(code);
  if (company === null) throw new TaskInputError(`Empresa desconhecida para o código ${code}`);
  return company;
}

function requireMarketplaces(context: TaskContext): NonNullable<TaskContext['marketplaces']> {
  if (!context.marketplaces) throw new TaskInputError('Lojas dos marketplaces não configuradas (MARKETPLACE_STORE_IDS)');
  return context.marketplaces;
}

const MARKETPLACE_NAMES: Record<MarketplaceStore, string> = {
  shopee: 'Shopee',
  amazon: 'Amazon',
  magalu: 'Magalu',
  madeiramadeira: 'MadeiraMadeira',
};

export { STORE_SITES };

const PRODUCT_TEXT_NAMES: Record<ProductTextKind, string> = {
  title: 'IA: título',
  description: 'IA: descrição',
  sales: 'IA: texto de vendas',
  badges: 'IA: selos',
  facets: 'IA: atributos',
  reviews: 'IA: resumo das avaliações',
};

const productTextUrl = (kind: ProductTextKind, code: string, c: TaskContext) =>
  firestoreProductOpenaiEndpoint.url({ params: { kind, code }, project: c.project });

export const SYNC_TASKS: readonly SyncTaskDefinition[] = [
  {
    id: 'bling-produtos',
    name: 'Bling → BigQuery',
    url: (code, c) => blingBigqueryProdutosEndpoint.url({ project: c.project, query: { id: code, bling: bling(c) } }),
  },
  {
    id: 'tramontina-webservice',
    name: 'Tramontina Webservice',
    url: (code, c) => tramontinaWebserviceProductsEndpoint.url({ params: { company: String(requireCompany(code)), code }, project: c.project }),
  },
  {
    id: 'tstock',
    name: 'TStock (estoque e arquivo)',
    url: (code, c) =>
      tramontinaTstockPaginateEndpoint.url({ project: c.project, query: { products: JSON.stringify([{ id: code, companyId: requireCompany(code) }]) } }),
    // The download step needs the paginate answer's `download`: it runs here, never queued alone.
    next: (code, c, answer) => {
      const download = (answer as { download?: unknown } | null)?.download;
      if (typeof download !== 'string' || !download) return null;
      return tramontinaTstockfilesDownloadEndpoint.url({ params: { code }, project: c.project, query: { downloadUrl: download } });
    },
  },
  {
    id: 'firestore',
    name: 'BigQuery → Firestore',
    url: (code, c) => tramontinaFirestoreProductsEndpoint.url({ params: { code }, project: c.project, query: { preview: c.previews?.get(code) } }),
  },
  { id: 'franke', name: 'Franke', url: (code, c) => frankeStoreProductEndpoint.url({ project: c.project, query: { id: code } }) },
  { id: 'doka', name: 'Doka', url: (code, c) => dokaProductSiteFastEndpoint.url({ project: c.project, query: { code } }) },
  {
    id: 'bling-create',
    name: 'Bling: criar produto',
    url: (code, c) => blingProdutoCreateEndpoint.url({ params: { code }, project: c.project, query: { bling: bling(c) } }),
  },
  {
    id: 'bling-update-flag',
    name: 'Bling: atualizar situação',
    url: (code, c) => blingProdutoUpdateFlagEndpoint.url({ params: { code }, project: c.project, query: { bling: bling(c) } }),
  },
  ...MARKETPLACE_STORES.map((store): SyncTaskDefinition => ({
    id: `marketplace-${store}`,
    name: `Marketplace: ${MARKETPLACE_NAMES[store]}`,
    url: (code, c) =>
      blingProdutolojaCreateEndpoint.url({ params: { code }, project: c.project, query: { loja: requireMarketplaces(c)[store], store, bling: bling(c) } }),
  })),
  {
    id: 'marketplace-update-store',
    name: 'Marketplace: loja de atualização',
    url: (code, c) =>
      blingProdutolojaCreateEndpoint.url({ params: { code }, project: c.project, query: { loja: requireMarketplaces(c).updateStore, bling: bling(c) } }),
  },
  ...MARKETPLACE_STORES.map((store): SyncTaskDefinition => ({
    id: `marketplace-delete-${store}`,
    name: `Remover do marketplace: ${MARKETPLACE_NAMES[store]}`,
    url: (code, c) =>
      blingProdutolojaDeleteEndpoint.url({ params: { code }, project: c.project, query: { loja: requireMarketplaces(c)[store], bling: bling(c) } }),
  })),
  {
    id: 'openai-texts',
    name: 'IA: textos (título, descrição, vendas, selos, atributos)',
    url: (code, c) => productTextUrl(COMBINED_PRODUCT_TEXT_KINDS[0]!, code, c),
    alongside: (code, c) => COMBINED_PRODUCT_TEXT_KINDS.slice(1).map((kind) => productTextUrl(kind, code, c)),
  },
  ...PRODUCT_TEXT_KINDS.map((kind): SyncTaskDefinition => ({
    id: `openai-${kind}`,
    name: PRODUCT_TEXT_NAMES[kind],
    url: (code, c) => productTextUrl(kind, code, c),
  })),
  ...STORE_SITES.map((site): SyncTaskDefinition => ({
    id: `site-${site}`,
    name: `Site: ${site}`,
    url: (code, c) => sitesProductsEndpoint.url({ params: { site }, project: c.project, query: { id: code } }),
  })),
];

const TASKS_BY_ID = new Map(SYNC_TASKS.map((task) => [task.id, task]));

export function syncTask(id: string): SyncTaskDefinition {
  const task = TASKS_BY_ID.get(id);
  if (!task) throw new Error(`tarefa de sincronização desconhecida: ${id}`);
  return task;
}

/** The chosen task ids in catalogue order, whatever order they were ticked in. */
export function inCatalogueOrder(taskIds: Iterable<string>): string[] {
  const chosen = new Set(taskIds);
  return SYNC_TASKS.filter((task) => chosen.has(task.id)).map((task) => task.id);
}

/** Calls a worker URL and answers its JSON, throwing with the error's message on failure. */
export type WorkerGet = (url: string) => Promise<unknown>;

/** Runs one task for one code: its URL, then the follow-up its answer names. */
export async function runSyncTask(task: SyncTaskDefinition, code: string, context: TaskContext, get: WorkerGet): Promise<void> {
  if (task.alongside) {
    await Promise.all([task.url(code, context), ...task.alongside(code, context)].map((u) => get(u)));
    return;
  }
  const answer = await get(task.url(code, context));
  const next = task.next?.(code, context, answer);
  if (next) await get(next);
}

/**
 * The URLs 'Enviar para backend' queues (POST /api/console/queue/tasks): per code, each chosen
 * task's first URL (and its parallel ones); a task that cannot be built for a code is reported apart.
 */
export function queueUrls(codes: readonly string[], taskIds: readonly string[], context: TaskContext): { urls: string[]; skipped: string[] } {
  const urls: string[] = [];
  const skipped: string[] = [];
  for (const code of codes) {
    for (const id of inCatalogueOrder(taskIds)) {
      try {
        const task = syncTask(id);
        urls.push(task.url(code, context), ...(task.alongside?.(code, context) ?? []));
      } catch (error) {
        skipped.push(`${code}: ${(error as Error).message}`);
      }
    }
  }
  return { urls, skipped };
}
