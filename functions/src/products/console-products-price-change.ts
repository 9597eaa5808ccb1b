import { consoleProductsPriceChangeEndpoint, type PriceChangeResponse } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import * as logs from './logs.js';
import { applyPrice, callerAuthor, checkChange, holdDocument, holdsCollection, readPriceContext } from './price-holds.js';

/**
 * POST /api/console/products/price-change?project {code, field, value, about, source, target} —
 * a price set by hand in the panel (target product-data, as a reasoned override) or accepted from
 * the AI assistant (target product, the catalogue document the form edits). Inside the store's
 * guardrails it is written with its changelog entry; outside them it is held, not written, and the
 * answer says why in numbers. Checked and written in one transaction, so a guardrail read is the
 * one the write meets.
 */
export const handleConsoleProductsPriceChange: Handler<typeof consoleProductsPriceChangeEndpoint> = async ({ body, project, caller }) => {
  const author = callerAuthor(caller);
  const asOverride = body.target === 'product-data';
  const answer = await firestore.runTransaction(async (tx): Promise<PriceChangeResponse> => {
    const context = await readPriceContext(tx, firestore, project, body.code);
    const check = checkChange(context, body.target, body.field, body.value);
    if (check.trips.length > 0) {
      const hold = holdDocument({
        code: body.code,
        field: body.field,
        target: body.target,
        to: body.value,
        check,
        source: body.source,
        about: body.about,
        author,
        asOverride,
      });
      const ref = holdsCollection(firestore, project).doc();
      tx.create(ref, hold);
      return { status: 'held', holdId: ref.id, message: hold.message };
    }
    applyPrice(tx, firestore, project, context, {
      code: body.code,
      field: body.field,
      target: body.target,
      from: check.from,
      to: body.value,
      about: body.about,
      source: body.source,
      author,
      asOverride,
      removesOverride: false,
    });
    return { status: 'applied' };
  });
  if (answer.status === 'held') logs.priceHeld(project, body.code, body.field, body.source, answer.holdId);
  return answer;
};

export const consoleProductsPriceChange = serve(consoleProductsPriceChangeEndpoint, handleConsoleProductsPriceChange);
