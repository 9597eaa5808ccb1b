import { consoleProductsPriceHoldDiscardEndpoint } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { serve, type Handler } from '../lib/endpoint.js';
import { callerAuthor, discardHold } from './price-holds.js';

/** POST /api/console/products/price-holds/{id}/discard?project {reason} — the held price is dropped; the price stays. */
export const handleConsoleProductsPriceHoldDiscard: Handler<typeof consoleProductsPriceHoldDiscardEndpoint> = async ({ params, body, project, caller }) =>
  discardHold(firestore, project, params.id, body.reason, callerAuthor(caller));

export const consoleProductsPriceHoldDiscard = serve(consoleProductsPriceHoldDiscardEndpoint, handleConsoleProductsPriceHoldDiscard);
