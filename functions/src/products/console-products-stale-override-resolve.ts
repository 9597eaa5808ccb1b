import { FieldValue } from 'firebase-admin/firestore';
import {
  OVERRIDES_KEY,
  STALE_OVERRIDE_COLLECTION,
  consoleProductsStaleOverrideResolveEndpoint,
  isGuardedPriceField,
  nestedPatch,
  staleOverride,
  valueAt,
} from '@console/shared';
import { firestore } from '../lib/admin.js';
import { ApiError } from '../lib/api-error.js';
import { serve, type Handler } from '../lib/endpoint.js';
import * as logs from './logs.js';
import {
  applyPrice,
  callerAuthor,
  checkChange,
  holdDocument,
  holdsCollection,
  projectRef,
  readPriceContext,
  staleOverrideId,
  CHANGELOG_COLLECTION,
} from './price-holds.js';
import { productRefs } from './product-view.js';

type Answer = { status: 'kept' | 'applied' } | { status: 'held'; holdId: string; message: string };

/**
 * POST /api/console/products/stale-overrides/resolve?project {code, field, decision} — an
 * operator's answer to an override whose upstream value moved after it was made (issue 29 point
 * 4). 'keep' ('Manter minha alteração'): the override stays and the new upstream value becomes the
 * one it was kept against. 'upstream' ('Usar o valor do ERP'): the override ends and upstream's
 * value is written (a guarded price outside the store's guardrails is held instead). Either way
 * the changelog records it and the stale-override list loses the entry; an answer to an override
 * no longer stale (a second click) changes nothing.
 */
export const handleConsoleProductsStaleOverrideResolve: Handler<typeof consoleProductsStaleOverrideResolveEndpoint> = async ({ body, project, caller }) => {
  const author = callerAuthor(caller);
  const { code, field, decision } = body;
  const refs = productRefs(firestore, project, code);
  const staleRef = projectRef(firestore, project).collection(STALE_OVERRIDE_COLLECTION).doc(staleOverrideId(code, field));
  const answer = await firestore.runTransaction(async (tx): Promise<Answer> => {
    const context = await readPriceContext(tx, firestore, project, code);
    const stale = staleOverride(context.productData, field);
    if (!stale) {
      if (!context.productData) throw new ApiError(404, 'Produto não encontrado.');
      tx.delete(staleRef);
      return { status: decision === 'keep' ? 'kept' : 'applied' };
    }
    const changelog = projectRef(firestore, project).collection(CHANGELOG_COLLECTION);
    const entry = { ProductCode: code, field, createdBy: author, createdAt: FieldValue.serverTimestamp() };
    if (decision === 'keep') {
      tx.set(refs.productData, { [OVERRIDES_KEY]: { [field]: { baseline: stale.to } }, updatedAt: FieldValue.serverTimestamp() }, { merge: true });
      tx.create(changelog.doc(), {
        ...entry,
        from: valueAt(context.productData, field) ?? null,
        to: valueAt(context.productData, field) ?? null,
        upstreamFrom: stale.from,
        upstreamTo: stale.to,
        about: 'Manter minha alteração',
        action: 'keep-override',
      });
      tx.delete(staleRef);
      return { status: 'kept' };
    }
    const upstream = stale.to;
    if (isGuardedPriceField(field)) {
      const price = typeof upstream === 'number' ? upstream : null;
      const check = checkChange(context, 'product-data', field, price);
      if (check.trips.length > 0) {
        const hold = holdDocument({
          code,
          field,
          target: 'product-data',
          to: price,
          check,
          source: 'stale-override',
          about: 'Usar o valor do ERP',
          author,
          asOverride: false,
          removesOverride: true,
        });
        const ref = holdsCollection(firestore, project).doc();
        tx.create(ref, hold);
        return { status: 'held', holdId: ref.id, message: hold.message };
      }
      applyPrice(tx, firestore, project, context, {
        code,
        field,
        target: 'product-data',
        from: check.from,
        to: price,
        about: 'Usar o valor do ERP',
        source: 'stale-override',
        author,
        asOverride: false,
        removesOverride: true,
      });
      return { status: 'applied' };
    }
    tx.set(
      refs.productData,
      { ...nestedPatch(field, upstream), [OVERRIDES_KEY]: { [field]: FieldValue.delete() }, updatedAt: FieldValue.serverTimestamp() },
      { merge: true },
    );
    tx.create(changelog.doc(), {
      ...entry,
      from: valueAt(context.productData, field) ?? null,
      to: upstream ?? null,
      about: 'Usar o valor do ERP',
      action: 'remove',
    });
    tx.delete(staleRef);
    return { status: 'applied' };
  });
  logs.staleOverrideResolved(project, code, field, decision, caller.uid);
  return answer;
};

export const consoleProductsStaleOverrideResolve = serve(consoleProductsStaleOverrideResolveEndpoint, handleConsoleProductsStaleOverrideResolve);
