import { FieldValue, Timestamp, type DocumentReference, type Firestore } from 'firebase-admin/firestore';
import {
  GUARDED_PRICE_FIELDS,
  IMPORT_RECORD_TEXTS,
  guardrailSummary,
  INVALID_ID_CHARACTERS,
  PROJECT_COLLECTION,
  findCollection,
  conditionSqlMismatches,
  firstSchemaIssue,
  mergeLikeFirestore,
  movedFieldsSince,
  productView,
  readPriceGuardrails,
  sameStoredValue,
  type ImportRecordResult,
  type ImportRecordsRequest,
} from '@console/shared';
import { ApiError } from '../lib/api-error.js';
import { fromJsonData } from '../lib/firestore-json.js';
import { productRefs } from '../products/product-view.js';
import { checkChange, holdDocument, holdsCollection, repeatableHoldId, storeConfigRef, type Author, type PriceContext } from '../products/price-holds.js';

type Doc = Record<string, unknown>;

/**
 * Collections with rules of their own (firestore.rules' guardedCollection): written by their
 * triggers and endpoints only, never through an import.
 */
const GUARDED_COLLECTIONS = new Set(['config', 'product-data', 'product-text', 'product-data-changelog', 'import-log', 'sync-task', 'file']);

/** The product import's brand (document 2 §2): typed once in the dialog, set on every record. */
const BRAND_COLLECTION = 'product';

export interface WriteRecordsDeps {
  firestore: Firestore;
  /** Who imports: the author of the price changes the store's guardrails hold. */
  author: Author;
  /** The time the validation sees for createdAt/updatedAt (the stored value is the server's). */
  now?: () => Date;
}

/**
 * One batch of a CSV import, written as the form would save each record: every record merged
 * into its stored document (in file order, so two lines with one id merge one after the other) is
 * checked with the collection's schema; createdAt is set on records created (and on stored ones
 * that never had it), updatedAt on every record, unless the file gives them; a list ordered by a field the record lacks gets
 * that field as null, so the list still shows it (Firestore leaves out documents without the
 * ordered field). The valid records are written in one transaction, so a failure writes none of
 * them; the refused ones are answered with their reason and never stored.
 */
export async function writeImportRecords(
  project: string,
  request: ImportRecordsRequest,
  { firestore, author, now = () => new Date() }: WriteRecordsDeps,
): Promise<ImportRecordResult[]> {
  const definition = GUARDED_COLLECTIONS.has(request.collection) ? undefined : findCollection(project, request.collection);
  if (!definition) throw new ApiError(404, `Coleção ${request.collection} não encontrada neste projeto.`);
  const brand = request.brand?.trim() ?? '';
  if (definition.id === BRAND_COLLECTION && !brand) throw new ApiError(400, IMPORT_RECORD_TEXTS.brandRequired);
  const extra: Doc = definition.id === BRAND_COLLECTION ? { brand } : {};
  const orderField = definition.orderBy?.field;
  const hasIdField = definition.fields.some((f) => (f.mapTo ?? f.name) === 'id');

  const collection = firestore.collection(PROJECT_COLLECTION).doc(project).collection(definition.id);
  const planned = request.records.map((record) => {
    const id = record.id.trim();
    if (id.match(INVALID_ID_CHARACTERS)) return { record, id, refused: IMPORT_RECORD_TEXTS.invalidId };
    if (!id && definition.userDefinedId) return { record, id, refused: IMPORT_RECORD_TEXTS.missingId };
    return { record, id, ref: id ? collection.doc(id) : collection.doc() };
  });
  const refs = new Map<string, DocumentReference>();
  for (const p of planned) if (p.ref) refs.set(p.ref.id, p.ref);

  /**
   * The results and writes of the batch, from the documents as stored (null: not stored yet),
   * which it updates as each line is merged.
   */
  const plan = (current: Map<string, Doc | null>, guard: PriceGuard | null = null) => {
    const stamp = Timestamp.fromDate(now());
    const held: HeldImportPrice[] = [];
    // The documents as read, before the batch's own lines merge into them: what a preview pin is checked against.
    const asRead = new Map(current);
    // One write per document: two lines with one id merge into one patch, as two merges would leave it.
    const writes = new Map<string, { ref: DocumentReference; data: Doc }>();
    const results = planned.map(({ record, id, ref, refused }): ImportRecordResult => {
      if (!ref) return { line: record.line, id, status: 'error', message: refused! };
      const stored = current.get(ref.id) ?? null;
      if (record.seen !== undefined) {
        const moved = movedFieldsSince(record.seen ?? {}, asRead.get(ref.id) ?? null);
        if (moved.length) return { line: record.line, id, status: 'error', message: IMPORT_RECORD_TEXTS.changedSincePreview(moved) };
      }
      const data: Doc = { ...(fromJsonData(record.data) as Doc), ...extra };
      if (id && hasIdField) data.id = id;
      // Placeholders for the schema; the stored values are the server's time (as the form's).
      // A file that carries them (an export imported back) keeps its own, so a round trip changes nothing.
      // Prices outside the store's guardrails are held (issue 29 point 3): left out of the record, listed apart.
      const heldHere = guard ? holdPrices(guard, record.line, ref.id, stored, data) : [];
      held.push(...heldHere);
      const stamps: Doc = data.updatedAt === undefined ? { updatedAt: stamp } : {};
      if (data.createdAt === undefined && (stored === null || stored.createdAt === undefined)) stamps.createdAt = stamp;
      const merged = mergeLikeFirestore(stored ?? {}, { ...data, ...stamps });
      if (orderField && !orderField.includes('.') && merged[orderField] === undefined) data[orderField] = merged[orderField] = null;
      const checked = definition.schema.safeParse(merged);
      if (!checked.success) {
        return { line: record.line, id, status: 'error', message: firstSchemaIssue(checked.error) ?? IMPORT_RECORD_TEXTS.unknownError };
      }
      // A condition whose sql is not its map's is refused (an import once stored `sql: "TRUE"`).
      const [mismatch] = conditionSqlMismatches(definition.fields, merged);
      if (mismatch) return { line: record.line, id, status: 'error', message: mismatch.message };
      current.set(ref.id, merged);
      const serverStamps = Object.fromEntries(Object.keys(stamps).map((key) => [key, FieldValue.serverTimestamp()]));
      const patch = { ...data, ...serverStamps };
      const earlier = writes.get(ref.path);
      writes.set(ref.path, { ref, data: earlier ? mergeLikeFirestore(earlier.data, patch) : patch });
      const status = stored === null ? ('created' as const) : ('updated' as const);
      return heldHere.length
        ? { line: record.line, id: ref.id, status, held: heldHere.map((h) => ({ field: h.field, holdId: h.holdId, message: h.message })) }
        : { line: record.line, id: ref.id, status };
    });
    return { results, writes: [...writes.values()], held };
  };

  // A batch the browser found all new is created without reading it (a create that finds a
  // document stored fails the whole batch, nothing written); reading 250 documents cost as much
  // as writing them. Any other batch — or that one when a create failed — is read and written in
  // one transaction.
  // A product import checks the store's price guardrails, against the cost product-data and the row give.
  const guardrails = definition.id === BRAND_COLLECTION ? readPriceGuardrails((await storeConfigRef(firestore, project).get()).data()) : null;
  if (request.allNew && !guardrails) {
    const { results, writes } = plan(new Map([...refs.keys()].map((id) => [id, null])));
    if (writes.length === 0) return results;
    const batch = firestore.batch();
    for (const { ref, data } of writes) batch.create(ref, data);
    try {
      await batch.commit();
      return results;
    } catch (error) {
      if ((error as { code?: unknown }).code !== ALREADY_EXISTS) throw error;
    }
  }
  return firestore.runTransaction(async (tx) => {
    const snapshots = refs.size ? await tx.getAll(...refs.values()) : [];
    const stored = new Map<string, Doc | null>(snapshots.map((s) => [s.id, s.exists ? (s.data() as Doc) : null]));
    let guard: PriceGuard | null = null;
    if (guardrails && refs.size) {
      const dataSnaps = await tx.getAll(...[...refs.keys()].map((id) => productRefs(firestore, project, id).productData));
      guard = { guardrails, productData: new Map(dataSnaps.map((s) => [s.id, s.exists ? (s.data() as Doc) : null])) };
    }
    const { results, writes, held } = plan(stored, guard);
    const holdRefs = held.map((h) => holdsCollection(firestore, project).doc(h.holdId));
    const holdSnaps = holdRefs.length ? await tx.getAll(...holdRefs) : [];
    for (const { ref, data } of writes) tx.set(ref, data, { merge: true });
    held.forEach((h, i) => {
      if (holdSnaps[i]!.exists) return;
      tx.create(
        holdRefs[i]!,
        holdDocument({ ...h.hold, author, source: 'csv', target: 'product', asOverride: false, about: `Importação CSV, linha ${h.line}` }),
      );
    });
    return results;
  });
}

interface PriceGuard {
  guardrails: NonNullable<PriceContext['guardrails']>;
  /** product-data of each record's id (the synced cost the panel shows), null when none. */
  productData: Map<string, Doc | null>;
}

interface HeldImportPrice {
  line: number;
  field: string;
  holdId: string;
  message: string;
  hold: Pick<Parameters<typeof holdDocument>[0], 'code' | 'field' | 'to' | 'check'>;
}

/**
 * The guarded prices of one import row outside the store's guardrails: taken out of `data` (the
 * rest of the row is written) and returned, each to be held. The price compared is the catalogue
 * document's; the cost is the product as the panel reads it after the row.
 */
function holdPrices(guard: PriceGuard, line: number, id: string, stored: Doc | null, data: Doc): HeldImportPrice[] {
  const held: HeldImportPrice[] = [];
  const productData = guard.productData.get(id) ?? null;
  const context: PriceContext = { guardrails: guard.guardrails, product: stored, productData, view: productView(stored, productData, id) };
  const after = productView(mergeLikeFirestore(stored ?? {}, data), productData, id);
  for (const field of GUARDED_PRICE_FIELDS) {
    const to = data[field];
    if (to === undefined || sameStoredValue(to, stored?.[field])) continue;
    const price = typeof to === 'number' && Number.isFinite(to) ? to : null;
    const check = checkChange(context, 'product', field, price, after);
    if (check.trips.length === 0) continue;
    delete data[field];
    held.push({
      line,
      field,
      holdId: repeatableHoldId('csv', id, field, price),
      message: guardrailSummary(check.trips),
      hold: { code: id, field, to: price, check },
    });
  }
  return held;
}

/** gRPC's status of a create that found the document stored. */
const ALREADY_EXISTS = 6;
