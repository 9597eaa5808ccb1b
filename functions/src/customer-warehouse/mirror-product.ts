import { mirrorTrigger } from './mirror-trigger.js';

/** project/{p}/product mirrored into the warehouse table of customer-tables.ts (README). */
export const warehouseMirrorProduct = mirrorTrigger('product');
