import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import {
  GUARDED_PRICE_FIELDS,
  OVERRIDES_KEY,
  STALE_OVERRIDE_COLLECTION,
  companyFromProductCode,
  findCollection,
  guardrailSummary,
  isPlainObject,
  mergeLikeFirestore,
  overriddenFields,
  productView,
  readPriceGuardrails,
  sameStoredValue,
  valueAt,
  type OverrideEntry,
  type PriceGuardrails,
} from '@console/shared';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { ApiError } from '../../lib/api-error.js';
import type { Warehouse } from '../../warehouse/warehouse.js';
import { CATALOGUE_SEED_FIELDS, MANUAL_PRICE_FIELDS, PRODUCT_SOURCES, mergeProductFields, productFieldsOf } from './product-fields.js';
import { productRefs } from '../../products/product-view.js';
import {
  checkChange,
  holdDocument,
  holdsCollection,
  repeatableHoldId,
  staleOverrideId,
  storeConfigRef,
  type PriceChangeCheck,
} from '../../products/price-holds.js';

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
  /** Prices outside the store's guardrails, held (project/{p}/price-hold) and not written. */
  held: { field: string; holdId: string; message: string }[];
};

/** What the write of one code would change, before anything is written (the preview shows it; the run re-plans and compares). */
export interface ProductSyncPlan {
  code: string;
  sources: string[];
  /** The product-data merge-write, without the overridden and the held fields. */
  patch: Doc;
  changed: boolean;
  /** Synced fields whose stored value changes: stored → incoming. */
  fieldChanges: FieldChange[];
  /** Overridden fields the sync leaves alone although upstream brings another value. */
  overridesKept: { field: string; value: unknown; incoming: unknown }[];
  upstreamChanges: UpstreamChange[];
  /** Overridden fields whose stale state the write records (stale: upstream moved away from what the override was made against). */
  staleStates: StaleState[];
  /** Prices the store's guardrails hold. */
  heldPrices: HeldPrice[];
  productPatch: Doc | null;
  productState: FirestoreProductsResult['product'];
  /** A hash of what the plan would change: a run given the preview's version refuses to write another plan. */
  version: string;
}

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface HeldPrice {
  holdId: string;
  field: string;
  check: PriceChangeCheck;
  to: number | null;
  message: string;
}

interface StaleState {
  field: string;
  stale: boolean;
  /** Whether a stale-override document may exist (the override had a baseline before this write). */
  wasTracked: boolean;
  baseline: unknown;
  upstream: unknown;
  entry: OverrideEntry;
}

/** Reads the warehouse rows of a code and merges them as product-data sees them (404 when none). */
export async function readSyncedFields(warehouse: Warehouse, project: string, code: string): Promise<{ synced: Doc; sources: string[] }> {
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
  return { synced, sources: present.map((p) => p.table) };
}

/**
 * What writing the synced fields of `code` would do to the documents as stored: the product-data
 * patch (overridden fields kept, manual prices left alone, prices outside the guardrails held),
 * the catalogue fill, the stale overrides, and the version of it all.
 */
export function planProductSync(
  { code, synced, sources }: { code: string; synced: Doc; sources: string[] },
  { existingData, catalogue, guardrails, stamp }: { existingData: Doc; catalogue: Doc | null; guardrails: PriceGuardrails | null; stamp: Timestamp },
): ProductSyncPlan {
  const patch: Doc = { ...synced };
  // Prices the operator set by hand stay as they are.
  if (isPlainObject(existingData.Options) && existingData.Options.isManualPricing === true) {
    for (const field of MANUAL_PRICE_FIELDS) delete patch[field];
  }
  const overridesKept = [...overriddenFields(existingData).keys()]
    .filter((field) => valueAt(patch, field) !== undefined && !sameStoredValue(valueAt(patch, field), valueAt(existingData, field)))
    .map((field) => ({ field, value: valueAt(existingData, field) ?? null, incoming: valueAt(patch, field) }));
  const { changes: upstreamChanges, stale: staleStates } = keepOverrides(existingData, patch);

  // Prices outside the store's guardrails are held, checked against the cost as this write leaves it.
  const heldPrices: HeldPrice[] = [];
  if (guardrails) {
    const after = productView(catalogue, mergeLikeFirestore(existingData, patch), code);
    const context = { guardrails, product: catalogue, productData: existingData, view: productView(catalogue, existingData, code) };
    for (const field of GUARDED_PRICE_FIELDS) {
      const to = patch[field];
      if (to === undefined || sameStoredValue(to, existingData[field])) continue;
      const price = typeof to === 'number' && Number.isFinite(to) ? to : null;
      const check = checkChange(context, 'product-data', field, price, after);
      if (check.trips.length === 0) continue;
      delete patch[field];
      heldPrices.push({ holdId: repeatableHoldId('sync', code, field, price), field, check, to: price, message: guardrailSummary(check.trips) });
    }
  }
  const changed = !mergeLeavesSame(existingData, patch);
  const fieldChanges = Object.keys(patch)
    .filter((key) => key !== OVERRIDES_KEY)
    .flatMap((key): FieldChange[] => {
      const before = existingData[key];
      const after = isPlainObject(patch[key]) && isPlainObject(before) ? mergeLikeFirestore(before, patch[key] as Doc) : patch[key];
      return isDeepStrictEqual(before, after) ? [] : [{ field: key, from: before ?? null, to: after }];
    });

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
  const version = createHash('sha256')
    .update(
      JSON.stringify({
        fieldChanges,
        overridesKept,
        held: heldPrices.map((h) => [h.field, h.to, h.message]),
        productState,
        filled: productPatch ? Object.keys(productPatch).sort() : [],
      }),
    )
    .digest('hex')
    .slice(0, 16);
  return { code, sources, patch, changed, fieldChanges, overridesKept, upstreamChanges, staleStates, heldPrices, productPatch, productState, version };
}

/**
 * Warehouse → Firestore (/api/tramontina/firestore/products/{code}): merges the warehouse rows of
 * one code into project/{p}/product-data/{code} (the synced view the panel reads and the operator
 * overrides, document 1 §3) with updatedAt, and makes sure the catalogue document
 * project/{p}/product/{code} exists — created from the synced identity fields if missing, and
 * otherwise only its empty ProductSiteName/ProductImage are filled: catalogue text is the
 * operator's. Both documents are validated with the project's product schema and written in one
 * transaction; nothing is written when nothing changed. Prices outside the store's guardrails are
 * held (a `price-hold` each, one per price however often the sync runs) and answered in `held`;
 * overrides whose upstream moved are listed in `stale-override`. Given `preview` (the version a
 * 'Pré-visualizar' answered), it writes only if the plan is still the one previewed, else 409
 * saying what it would change now.
 */
export async function syncProductToFirestore(
  { project, code, preview }: { project: string; code: string; preview?: string },
  { warehouse, firestore, now = () => new Date() }: FirestoreProductsDeps,
): Promise<FirestoreProductsResult> {
  const { synced, sources } = await readSyncedFields(warehouse, project, code);

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
  const projectDoc = refs.productData.parent.parent!;
  return firestore.runTransaction(async (tx) => {
    const [productSnap, dataSnap, configSnap] = await tx.getAll(refs.product, refs.productData, storeConfigRef(firestore, project));
    const stamp = Timestamp.fromDate(now());
    const plan = planProductSync(
      { code, synced, sources },
      {
        existingData: (dataSnap!.data() ?? {}) as Doc,
        catalogue: (productSnap!.data() ?? null) as Doc | null,
        guardrails: readPriceGuardrails(configSnap!.data()),
        stamp,
      },
    );
    if (preview !== undefined && preview !== plan.version) {
      throw new ApiError(409, `O produto ${code} mudou desde a pré-visualização; nada foi gravado. Agora: ${describePlan(plan)}.`);
    }
    const holdRefs = plan.heldPrices.map((h) => holdsCollection(firestore, project).doc(h.holdId));
    const holdSnaps = holdRefs.length ? await tx.getAll(...holdRefs) : [];

    if (plan.changed) {
      const dataPatch = { ...plan.patch, updatedAt: stamp };
      validate('product-data', dataPatch);
      tx.set(refs.productData, dataPatch, { merge: true });
      const changelog = projectDoc.collection(CHANGELOG_COLLECTION);
      for (const change of plan.upstreamChanges) tx.create(changelog.doc(), syncChangelogEntry(code, change));
    }
    const staleList = projectDoc.collection(STALE_OVERRIDE_COLLECTION);
    for (const state of plan.staleStates) {
      const ref = staleList.doc(staleOverrideId(code, state.field));
      if (state.stale) tx.set(ref, staleOverrideDocument(code, state, (dataSnap!.data() ?? {}) as Doc, stamp));
      else if (state.wasTracked) tx.delete(ref);
    }
    plan.heldPrices.forEach((held, i) => {
      if (holdSnaps[i]!.exists) return;
      tx.create(
        holdRefs[i]!,
        holdDocument({
          code,
          field: held.field,
          target: 'product-data',
          to: held.to,
          check: held.check,
          source: 'sync',
          about: 'Sincronização: preço de origem fora dos limites da loja.',
          author: SYNC_AUTHOR,
          asOverride: false,
        }),
      );
    });
    if (plan.productPatch) {
      validate('product', plan.productPatch);
      tx.set(refs.product, plan.productPatch, { merge: true });
    }
    return {
      ok: true as const,
      code,
      sources: plan.sources,
      productDataChanged: plan.changed,
      product: plan.productState,
      held: plan.heldPrices.map((h) => ({ field: h.field, holdId: h.holdId, message: h.message })),
    };
  });
}

/** The plan in a line, for the 409 of a run whose preview went stale. */
export function describePlan(plan: ProductSyncPlan): string {
  const parts = [
    ...plan.fieldChanges.map((c) => `${c.field}: ${shortValue(c.from)} → ${shortValue(c.to)}`),
    ...plan.heldPrices.map((h) => `${h.field} retido (${h.message})`),
  ];
  return parts.length ? parts.join('; ') : 'nenhuma alteração';
}

function shortValue(value: unknown): string {
  if (value === null || value === undefined) return 'vazio';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The stale-override list's entry (one per product and field, home screen and list read it). */
function staleOverrideDocument(code: string, state: StaleState, existing: Doc, stamp: Timestamp): Doc {
  return {
    ProductCode: code,
    field: state.field,
    value: valueAt(existing, state.field) ?? null,
    about: state.entry.about ?? null,
    overriddenBy: state.entry.by ?? null,
    overriddenAt: state.entry.at ?? null,
    upstreamBefore: state.baseline ?? null,
    upstreamNow: state.upstream ?? null,
    detectedAt: stamp,
  };
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
 * show that upstream now differs. The first time upstream moves, the value the override was made
 * against is kept as its `baseline`: the override is stale while upstream differs from it (issue
 * 29 point 4). Returns the fields whose known upstream value changed, each of which gets a
 * changelog entry, and the stale state of every overridden field upstream spoke for.
 */
export function keepOverrides(existing: Doc, patch: Doc): { changes: UpstreamChange[]; stale: StaleState[] } {
  const changes: UpstreamChange[] = [];
  const stale: StaleState[] = [];
  for (const [field, entry] of overriddenFields(existing)) {
    const upstream = valueAt(patch, field);
    if (upstream === undefined) continue;
    removeAt(patch, field);
    const known = 'upstream' in entry ? entry.upstream : undefined;
    if (known !== undefined && sameStoredValue(known, upstream)) continue;
    const overrides = (patch[OVERRIDES_KEY] ??= {}) as Doc;
    // Upstream learnt for the first time (an override older than this record) is no change.
    if (known === undefined) {
      overrides[field] = { upstream };
      continue;
    }
    const baseline = entry.baseline !== undefined ? entry.baseline : known;
    overrides[field] = { upstream, ...(entry.baseline === undefined ? { baseline } : {}) };
    changes.push({ field, from: known, to: upstream });
    stale.push({ field, stale: !sameStoredValue(baseline, upstream), wasTracked: entry.baseline !== undefined, baseline, upstream, entry });
  }
  return { changes, stale };
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
