import { mirrorTrigger } from './mirror-trigger.js';

/** project/{p}/customer-event mirrored into the warehouse table of customer-tables.ts (README). */
export const warehouseMirrorCustomerEvent = mirrorTrigger('customer-event');
