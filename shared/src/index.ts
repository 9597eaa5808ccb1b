// First: zod speaks Portuguese before any schema of ours is used (zod-locale.ts).
import './zod-locale.js';

export * from './fields/index.js';
export * from './collections/index.js';
export * from './access/index.js';
export * from './products/index.js';
export * from './projects.js';
export * from './api/index.js';
export * from './customers/index.js';
export * from './files/index.js';
