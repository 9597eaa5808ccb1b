// First: zod is configured (pt-BR messages) before any schema of ours is built (zod-config.ts).
import './zod-config.js';

export * from './fields/index.js';
export * from './collections/index.js';
export * from './access/index.js';
export * from './products/index.js';
export * from './projects.js';
export * from './api/index.js';
export * from './customers/index.js';
export * from './files/index.js';
export * from './whatsapp/index.js';
export * from './campaigns/index.js';
export * from './orders/order.js';
export * from './conditions/index.js';
export * from './layout/index.js';
export * from './numbers/index.js';
export * from './values/index.js';
export * from './ai/index.js';
export * from './editor-kit/index.js';
export * from './ai-assistant/index.js';
export * from './rich-text/index.js';
export * from './readiness/index.js';
