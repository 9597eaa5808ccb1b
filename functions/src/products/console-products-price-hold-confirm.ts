import { consoleProductsPriceHoldConfirmEndpoint } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import * as logs from './logs.js';
import { callerAuthor, confirmHold } from './price-holds.js';

/**
 * POST /api/console/products/price-holds/{id}/confirm?project {reason} — applies a held price
 * change the operator confirmed; the reason goes to the changelog. Applied once (a retry answers
 * `alreadyApplied`).
 */
export const handleConsoleProductsPriceHoldConfirm: Handler<typeof consoleProductsPriceHoldConfirmEndpoint> = async ({ params, body, project, caller }) => {
  const result = await confirmHold(firestore, project, params.id, body.reason, callerAuthor(caller));
  if (!result.alreadyApplied) logs.priceHoldConfirmed(project, params.id, caller.uid);
  return result;
};

export const consoleProductsPriceHoldConfirm = serve(consoleProductsPriceHoldConfirmEndpoint, handleConsoleProductsPriceHoldConfirm);
