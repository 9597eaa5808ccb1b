import { FieldValue, Timestamp, type DocumentReference, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  OVERRIDES_KEY,
  PRICE_GUARDRAILS_CONFIG,
  PRICE_HOLD_COLLECTION,
  PROJECT_COLLECTION,
  STALE_OVERRIDE_COLLECTION,
  checkPriceChange,
  guardrailCost,
  guardrailSummary,
  nestedPatch,
  productView,
  readPriceGuardrails,
  toCentavos,
  upstreamToRecord,
  valueAt,
  type GuardrailTrip,
  type PriceChangeSource,
  type PriceGuardrails,
  type PriceTarget,
} from '@console/shared';
import type { Caller } from '../lib/caller.js';
import { ApiError } from '../lib/api-error.js';
import { productRefs } from './product-view.js';

type Doc = Record<string, unknown>;

/** The audit trail (document 1 §3 'Product data changelog entry'). */
export const CHANGELOG_COLLECTION = 'product-data-changelog';

/** Who a changelog entry or a hold names (document 1 §6: id, e-mail, display name, phone, claims). */
export interface Author {
  id: string;
  email: string | null;
  displayName: string | null;
  phoneNumber: string | null;
  claims: unknown;
}

export function callerAuthor(caller: Caller): Author {
  return {
    id: caller.uid,
    email: caller.email,
    displayName: typeof caller.token.name === 'string' ? caller.token.name : null,
    phoneNumber: typeof caller.token.phone_number === 'string' ? caller.token.phone_number : null,
    claims: caller.claims ?? null,
  };
}

/**
 * A held price change, `project/{p}/price-hold/{id}`. The home screen counts `status == 'held'`.
 * `asOverride`: applying it records a reasoned override in product-data (the panel's and the
 * assistant's changes), not a synced value; `removesOverride`: applying it also ends the override
 * of the field ('Usar o valor do ERP' on a stale override).
 */
export interface PriceHold {
  ProductCode: string;
  field: string;
  target: PriceTarget;
  from: number | null;
  to: number | null;
  cost: number | null;
  source: PriceChangeSource;
  about: string;
  trips: GuardrailTrip[];
  message: string;
  status: 'held' | 'applied' | 'discarded';
  asOverride: boolean;
  removesOverride: boolean;
  createdBy: Author;
  createdAt: FieldValue | Timestamp;
}

export function projectRef(firestore: Firestore, project: string): DocumentReference {
  return firestore.collection(PROJECT_COLLECTION).doc(project);
}

export function storeConfigRef(firestore: Firestore, project: string): DocumentReference {
  return projectRef(firestore, project).collection('config').doc(PRICE_GUARDRAILS_CONFIG.document);
}

/** What a price check reads, in one round trip of the transaction. */
export interface PriceContext {
  guardrails: PriceGuardrails | null;
  product: Doc | null;
  productData: Doc | null;
  /** The product as the panel reads it (product-data over the catalogue document). */
  view: Doc | null;
}

export async function readPriceContext(tx: Transaction, firestore: Firestore, project: string, code: string): Promise<PriceContext> {
  const refs = productRefs(firestore, project, code);
  const [config, product, productData] = await tx.getAll(storeConfigRef(firestore, project), refs.product, refs.productData);
  const productDoc = (product!.data() ?? null) as Doc | null;
  const dataDoc = (productData!.data() ?? null) as Doc | null;
  return { guardrails: readPriceGuardrails(config!.data()), product: productDoc, productData: dataDoc, view: productView(productDoc, dataDoc, code) };
}

const asPrice = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The price stored now where `target` keeps it (product-data's override wins over the catalogue, as the panel shows). */
export function currentPrice(context: Pick<PriceContext, 'product' | 'view'>, target: PriceTarget, field: string): number | null {
  return asPrice(valueAt(target === 'product' ? context.product : context.view, field));
}

export interface PriceChangeCheck {
  from: number | null;
  cost: number | null;
  trips: GuardrailTrip[];
}

/** The check of one change against the store's guardrails, the cost taken as it will be after `costFrom`. */
export function checkChange(context: PriceContext, target: PriceTarget, field: string, to: number | null, costFrom?: Doc | null): PriceChangeCheck {
  const from = currentPrice(context, target, field);
  const cost = guardrailCost(costFrom ?? context.view);
  return { from, cost, trips: checkPriceChange({ from, to, cost }, context.guardrails) };
}

export interface NewHold {
  code: string;
  field: string;
  target: PriceTarget;
  to: number | null;
  check: PriceChangeCheck;
  source: PriceChangeSource;
  about: string;
  author: Author;
  asOverride: boolean;
  removesOverride?: boolean;
}

export function holdDocument(hold: NewHold): PriceHold {
  return {
    ProductCode: hold.code,
    field: hold.field,
    target: hold.target,
    from: hold.check.from,
    to: hold.to,
    cost: hold.check.cost,
    source: hold.source,
    about: hold.about,
    trips: hold.check.trips,
    message: guardrailSummary(hold.check.trips),
    status: 'held',
    asOverride: hold.asOverride,
    removesOverride: hold.removesOverride ?? false,
    createdBy: hold.author,
    createdAt: FieldValue.serverTimestamp(),
  };
}

export function holdsCollection(firestore: Firestore, project: string) {
  return projectRef(firestore, project).collection(PRICE_HOLD_COLLECTION);
}

/**
 * The id of a hold the same input always makes (a sync run twice, an import batch retried): one
 * held change per product, field, price and path, never two.
 */
export function repeatableHoldId(source: PriceChangeSource, code: string, field: string, to: number | null): string {
  return `${source}-${code}-${field}-${to === null ? 'vazio' : toCentavos(to)}`;
}

export const staleOverrideId = (code: string, field: string) => `${code}__${field}`;

export interface ApplyPrice {
  code: string;
  field: string;
  target: PriceTarget;
  from: number | null;
  to: number | null;
  about: string;
  source: PriceChangeSource;
  author: Author;
  asOverride: boolean;
  removesOverride: boolean;
  /** The changelog entry's id (a hold's confirmation: `hold-<id>`, so a retry cannot write two). */
  changelogId?: string;
  /** Kept in the entry when a held change is confirmed. */
  confirmation?: { reason: string; holdId: string; guardrail: string };
}

/**
 * Writes a price where `target` keeps it and its changelog entry, in the caller's transaction.
 * product-data: as a reasoned override (with the upstream value it replaces, so the sync keeps it)
 * or as a synced value; `removesOverride` ends the field's override. The `_override` mark is not
 * touched, so the changelog trigger writes no second entry.
 */
export function applyPrice(tx: Transaction, firestore: Firestore, project: string, context: PriceContext, change: ApplyPrice): void {
  const refs = productRefs(firestore, project, change.code);
  const now = FieldValue.serverTimestamp();
  if (change.target === 'product') {
    tx.set(refs.product, { ...nestedPatch(change.field, change.to), updatedAt: now }, { merge: true });
  } else {
    const overrides: Doc = {};
    if (change.removesOverride) overrides[change.field] = FieldValue.delete();
    else if (change.asOverride) {
      overrides[change.field] = { about: change.about, by: change.author.id, at: now, ...upstreamToRecord(context.productData, change.field) };
    }
    const patch: Doc = { ...nestedPatch(change.field, change.to), updatedAt: now };
    if (Object.keys(overrides).length) patch[OVERRIDES_KEY] = overrides;
    tx.set(refs.productData, patch, { merge: true });
    if (change.removesOverride) tx.delete(projectRef(firestore, project).collection(STALE_OVERRIDE_COLLECTION).doc(staleOverrideId(change.code, change.field)));
  }
  const changelog = projectRef(firestore, project).collection(CHANGELOG_COLLECTION);
  tx.create(change.changelogId ? changelog.doc(change.changelogId) : changelog.doc(), {
    ProductCode: change.code,
    field: change.field,
    from: change.from,
    to: change.to,
    about: change.about,
    action: change.removesOverride ? 'remove' : change.asOverride ? 'override' : 'price',
    source: change.source,
    ...(change.confirmation ? { confirmation: change.confirmation } : {}),
    createdBy: change.author,
    createdAt: now,
  });
}

/**
 * Confirms a held change with the operator's reason: applied once, in one transaction with the
 * hold's status, and its changelog entry has the hold's id, so a retry or a second click finds it
 * applied and writes nothing.
 */
export async function confirmHold(
  firestore: Firestore,
  project: string,
  holdId: string,
  reason: string,
  author: Author,
): Promise<{ status: 'applied'; alreadyApplied: boolean }> {
  const holdRef = holdsCollection(firestore, project).doc(holdId);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(holdRef);
    if (!snap.exists) throw new ApiError(404, 'Alteração retida não encontrada.');
    const hold = snap.data() as PriceHold;
    if (hold.status === 'applied') return { status: 'applied' as const, alreadyApplied: true };
    if (hold.status === 'discarded') throw new ApiError(409, 'Esta alteração de preço foi descartada e não pode mais ser aplicada.');
    const context = await readPriceContext(tx, firestore, project, hold.ProductCode);
    applyPrice(tx, firestore, project, context, {
      code: hold.ProductCode,
      field: hold.field,
      target: hold.target,
      from: currentPrice(context, hold.target, hold.field),
      to: hold.to,
      about: hold.about,
      source: hold.source,
      author,
      asOverride: hold.asOverride,
      removesOverride: hold.removesOverride,
      changelogId: `hold-${holdId}`,
      confirmation: { reason, holdId, guardrail: hold.message },
    });
    tx.update(holdRef, { status: 'applied', resolvedAt: FieldValue.serverTimestamp(), resolvedBy: author, confirmation: reason });
    return { status: 'applied' as const, alreadyApplied: false };
  });
}

/** Drops a held change: the price stays as it is; the reason is kept on the hold. */
export async function discardHold(
  firestore: Firestore,
  project: string,
  holdId: string,
  reason: string,
  author: Author,
): Promise<{ status: 'discarded'; alreadyResolved: boolean }> {
  const holdRef = holdsCollection(firestore, project).doc(holdId);
  return firestore.runTransaction(async (tx) => {
    const snap = await tx.get(holdRef);
    if (!snap.exists) throw new ApiError(404, 'Alteração retida não encontrada.');
    const hold = snap.data() as PriceHold;
    if (hold.status !== 'held') return { status: 'discarded' as const, alreadyResolved: true };
    tx.update(holdRef, { status: 'discarded', resolvedAt: FieldValue.serverTimestamp(), resolvedBy: author, discardReason: reason });
    return { status: 'discarded' as const, alreadyResolved: false };
  });
}
