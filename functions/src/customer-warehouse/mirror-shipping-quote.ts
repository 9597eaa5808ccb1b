import { mirrorTrigger } from './mirror-trigger.js';

/** project/{p}/shipping-quote mirrored into the warehouse table of customer-tables.ts (README). */
export const warehouseMirrorShippingQuote = mirrorTrigger('shipping-quote');
