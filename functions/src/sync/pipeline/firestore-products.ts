import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { OVERRIDES_KEY, companyFromProductCode, findCollection, isPlainObject, overriddenFields, sameStoredValue, valueAt } from '@console/shared';
import { isDeepStrictEqual } from 'node:util';
import { ApiError } from '../../lib/api-error.js';
import type { Warehouse } from '../../warehouse/warehouse.js';
import { CATALOGUE_SEED_FIELDS, MANUAL_PRICE_FIELDS, PRODUCT_SOURCES, mergeProductFields, productFieldsOf } from './product-fields.js';
import { productRefs } from '../../products/product-view.js';

type Doc = Record<string, unknown>;

export interface FirestoreProductsDeps {
  warehouse: Warehouse;
  firestore: Firestore;
  now?: () => Date;
}

export type FirestoreProductsResult = {
  ok: true;
  code: string;
  /** Warehouse tables that had a row for the code. */
  sources: string[];
  /** Whether product-data changed (a second run with the same warehouse data changes nothing). */
  productDataChanged: boolean;
  /** 'created' when the catalogue document did not exist, 'filled' when empty fields were filled. */
  product: 'created' | 'filled' | 'unchanged';
};

/**
 * Warehouse → Firestore (/api/tramontina/firestore/products/{code}): merges the warehouse rows of
 * one code into project/{p}/product-data/{code} (the synced view the panel reads and the operator
 * overrides, document 1 §3) with updatedAt, and makes sure the catalogue document
 * project/{p}/product/{code} exists — created from the synced identity fields if missing, and
 * otherwise only its empty ProductSiteName/ProductImage are filled: catalogue text is the
 * operator's. Both documents are validated with the project's product schema and written in one
 * transaction; nothing is written when nothing changed.
 */
export async function syncProductToFirestore(
  { project, code }: { project: string; code: string },
  { warehouse, firestore, now = () => new Date() }: FirestoreProductsDeps,
): Promise<FirestoreProductsResult> {
  const found = await Promise.all(PRODUCT_SOURCES.map(async (table) => ({ table, row: await warehouse.get(table, { project, id: code }) })));
  const present = found.filter((f) => f.row !== null);
  if (present.length === 0) {
    throw new ApiError(404, `Warehouse: nenhum dado do produto ${code}; sincronize as fontes antes de enviar ao Firestore.`);
  }
  const synced = mergeProductFields(present.map(({ table, row }) => productFieldsOf(table, row!)));
  synced.ProductCode = code;
  if (synced.Company === undefined) {
    const company = companyFromProductCode(code);
    if (company !== null) synced.Company = company;
  }

  const schema = findCollection(project, 'product')?.schema;
  const validate = (what: string, doc: Doc) => {
    if (!schema) return;
    const result = schema.safeParse(doc);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new ApiError(422, `Dados do produto ${code} inválidos para ${what}: ${issue?.path.join('.') || 'documento'}: ${issue?.message}.`);
    }
  };

  const refs = productRefs(firestore, project, code);
  return firestore.runTransaction(async (tx) => {
    const [productSnap, dataSnap] = await tx.getAll(refs.product, refs.productData);
    const existingData = (dataSnap!.data() ?? {}) as Doc;
    const patch: Doc = { ...synced };
    // Prices the operator set by hand stay as they are.
    if (isPlainObject(existingData.Options) && existingData.Options.isManualPricing === true) {
      for (const field of MANUAL_PRICE_FIELDS) delete patch[field];
    }
    const stamp = Timestamp.fromDate(now());
    const upstreamChanges = keepOverrides(existingData, patch);
    const changed = !mergeLeavesSame(existingData, patch);

    const catalogue = (productSnap!.data() ?? null) as Doc | null;
    let productPatch: Doc | null = null;
    let productState: FirestoreProductsResult['product'] = 'unchanged';
    if (!catalogue) {
      productPatch = { id: code, ...pickDefined(synced, CATALOGUE_SEED_FIELDS), createdAt: stamp, updatedAt: stamp };
      productState = 'created';
    } else {
      const fill = pickDefined(
        synced,
        ['ProductSiteName', 'ProductImage'].filter((f) => !nonEmpty(catalogue[f])),
      );
      if (Object.keys(fill).length) {
        productPatch = { ...fill, updatedAt: stamp };
        productState = 'filled';
      }
    }

    if (changed) {
      const dataPatch = { ...patch, updatedAt: stamp };
      validate('product-data', dataPatch);
      tx.set(refs.productData, dataPatch, { merge: true });
      const changelog = refs.productData.parent.parent!.collection(CHANGELOG_COLLECTION);
      for (const change of upstreamChanges) tx.create(changelog.doc(), syncChangelogEntry(code, change));
    }
    if (productPatch) {
      validate('product', productPatch);
      tx.set(refs.product, productPatch, { merge: true });
    }
    return { ok: true as const, code, sources: present.map((p) => p.table), productDataChanged: changed, product: productState };
  });
}

/** The audit trail of overridden fields (functions/src/products/product-data-changelog.ts). */
const CHANGELOG_COLLECTION = 'product-data-changelog';

/** Who the changelog names for a change the sync made (document 1 §3 createdBy, no person). */
export const SYNC_AUTHOR = { id: 'sync', email: null, displayName: 'Sincronização', phoneNumber: null, claims: null } as const;

interface UpstreamChange {
  field: string;
  from: unknown;
  to: unknown;
}

/**
 * An overridden field stays the operator's (issue 17 point 1): the sync's value for it is taken
 * out of `patch` and recorded as the field's `upstream` beside the override, so the panel can
 * show that upstream now differs. Returns the fields whose known upstream value changed, each of
 * which gets a changelog entry.
 */
export function keepOverrides(existing: Doc, patch: Doc): UpstreamChange[] {
  const changes: UpstreamChange[] = [];
  for (const [field, entry] of overriddenFields(existing)) {
    const upstream = valueAt(patch, field);
    if (upstream === undefined) continue;
    removeAt(patch, field);
    const known = 'upstream' in entry ? entry.upstream : undefined;
    if (known !== undefined && sameStoredValue(known, upstream)) continue;
    const overrides = (patch[OVERRIDES_KEY] ??= {}) as Doc;
    overrides[field] = { upstream };
    // Upstream learnt for the first time (an override older than this record) is no change.
    if (known !== undefined) changes.push({ field, from: known, to: upstream });
  }
  return changes;
}

function removeAt(data: Doc, field: string): void {
  const parts = field.split('.');
  const parents: Doc[] = [data];
  for (const part of parts.slice(0, -1)) {
    const next = parents[parents.length - 1]![part];
    if (!isPlainObject(next)) return;
    parents.push(next);
  }
  delete parents[parents.length - 1]![parts[parts.length - 1]!];
  // A map left empty by the removal would merge as nothing anyway; drop it to keep the patch small.
  for (let i = parents.length - 1; i > 0; i--) {
    if (Object.keys(parents[i]!).length === 0) delete parents[i - 1]![parts[i - 1]!];
  }
}

/** The entry of an overridden field whose upstream value changed: the override is kept, the change logged. */
function syncChangelogEntry(code: string, { field, from, to }: UpstreamChange) {
  return {
    ProductCode: code,
    field,
    from,
    to,
    about: 'Sincronização: o valor de origem mudou; a alteração manual foi mantida.',
    kind: 'upstream',
    createdBy: SYNC_AUTHOR,
    createdAt: FieldValue.serverTimestamp(),
  };
}

/** Whether a merge-set of `patch` onto `existing` would leave it as it is (maps merge key by key). */
function mergeLeavesSame(existing: Doc, patch: Doc): boolean {
  return Object.entries(patch).every(([key, value]) =>
    isPlainObject(value) && isPlainObject(existing[key]) ? mergeLeavesSame(existing[key] as Doc, value) : isDeepStrictEqual(existing[key], value),
  );
}

function pickDefined(data: Doc, fields: readonly string[]): Doc {
  return Object.fromEntries(fields.filter((f) => data[f] !== undefined && data[f] !== null).map((f) => [f, data[f]]));
}

function nonEmpty(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}
