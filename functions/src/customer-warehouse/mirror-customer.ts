import { mirrorTrigger } from './mirror-trigger.js';

/** project/{p}/customer mirrored into the warehouse table of customer-tables.ts (README). */
export const warehouseMirrorCustomer = mirrorTrigger('customer');
