import { readBrazilianNumber, tramontinaTstockPaginateEndpoint, tramontinaWebserviceProductsEndpoint } from '@console/shared';
import { syncTask, type TaskContext, type WorkerGet } from './tasks';

/**
 * The single-product buttons' flows (document 1 §2 screen 2, §4 'Single ERP sync' and
 * 'Manufacturer import'): each step shows its label, then calls its worker URL; the first failure
 * stops the flow. The screen navigates to the product once a flow resolves.
 */

export const BLING_SYNC_LABELS = {
  idle: 'Sincronizar Bling',
  syncing: 'Sincronizando dados Bling...',
  updating: 'Atualizando...',
} as const;

export const MANUFACTURER_IMPORT_LABELS = {
  /** On the new-product form: the product comes from the manufacturer. */
  idleImport: 'Importar Produto Tramontina',
  /** On an existing product: the same flow refreshes it. */
  idleSync: 'Sincronizar TStock',
  webservice: 'Sincronizando dados Tramontina...',
  stock: 'Sincronizando estoque TStock...',
  images: 'Baixando imagens...',
  firestore: 'Enviando para Firestore...',
  blingLookup: 'Consultando produto no Bling...',
  blingSync: BLING_SYNC_LABELS.syncing,
  updating: BLING_SYNC_LABELS.updating,
} as const;

export const SINGLE_PRODUCT_TEXTS = {
  companyRequired: 'Primeiro deve informar o id da empresa',
  codeRequired: 'Primeiro deve informar o código do produto',
  companyPrompt: 'Id da empresa (Tramontina)',
  codePrompt: 'Código do produto',
  invalidCompany: (company: string) => `Empresa inválida: ${company}`,
} as const;

export interface FlowDeps {
  get: WorkerGet;
  /** Called with each step's label before the step runs. */
  onStep(label: string): void;
}

/** 'Sincronizar Bling': ERP → warehouse, then warehouse → Firestore so the product shows it. */
export async function syncBlingProduct(code: string, context: TaskContext, { get, onStep }: FlowDeps): Promise<void> {
  onStep(BLING_SYNC_LABELS.syncing);
  await get(syncTask('bling-produtos').url(code, context));
  onStep(BLING_SYNC_LABELS.updating);
  await get(syncTask('firestore').url(code, context));
}

/** A failure whose HTTP status is 404: the ERP has no produto with the code. */
export type IsNotFound = (error: unknown) => boolean;

/**
 * 'Importar Produto Tramontina' / 'Sincronizar TStock': manufacturer web service → warehouse,
 * TStock stock, its stock file ('Baixando imagens...'), warehouse → Firestore, then the ERP: a
 * product Bling does not have yet is created there (from the Firestore product just written) and
 * read back; finally warehouse → Firestore again with the ERP's data ('Atualizando...').
 */
export async function importManufacturerProduct(
  { code, company }: { code: string; company: number },
  context: TaskContext,
  { get, onStep, isNotFound }: FlowDeps & { isNotFound: IsNotFound },
): Promise<void> {
  const { project } = context;
  onStep(MANUFACTURER_IMPORT_LABELS.webservice);
  await get(tramontinaWebserviceProductsEndpoint.url({ params: { company: String(company), code }, project }));

  onStep(MANUFACTURER_IMPORT_LABELS.stock);
  const products = JSON.stringify([{ id: code, companyId: company }]);
  const stock = await get(tramontinaTstockPaginateEndpoint.url({ project, query: { products } }));

  onStep(MANUFACTURER_IMPORT_LABELS.images);
  const download = syncTask('tstock').next?.(code, context, stock);
  if (download) await get(download);

  onStep(MANUFACTURER_IMPORT_LABELS.firestore);
  await get(syncTask('firestore').url(code, context));

  onStep(MANUFACTURER_IMPORT_LABELS.blingLookup);
  let inErp = true;
  try {
    await get(syncTask('bling-produtos').url(code, context));
  } catch (error) {
    if (!isNotFound(error)) throw error;
    inErp = false;
  }
  if (!inErp) {
    onStep(MANUFACTURER_IMPORT_LABELS.blingSync);
    await get(syncTask('bling-create').url(code, context));
    await get(syncTask('bling-produtos').url(code, context));
  }

  onStep(MANUFACTURER_IMPORT_LABELS.updating);
  await get(syncTask('firestore').url(code, context));
}

/** The company the operator typed: a positive whole number, or a message saying what is wrong. */
export function parseCompany(text: string | null): { company: number } | { problem: string } {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return { problem: SINGLE_PRODUCT_TEXTS.companyRequired };
  const company = readBrazilianNumber(trimmed);
  if (company === null || !Number.isInteger(company) || company <= 0 || company > 999) return { problem: SINGLE_PRODUCT_TEXTS.invalidCompany(trimmed) };
  return { company };
}
