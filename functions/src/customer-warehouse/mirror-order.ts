import { mirrorTrigger } from './mirror-trigger.js';

/** project/{p}/order mirrored into the warehouse table of customer-tables.ts (README). */
export const warehouseMirrorOrder = mirrorTrigger('order');
