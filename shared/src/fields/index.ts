export * from './types.js';
export * from './builders.js';
export * from './schema.js';
export * from './secrets.js';
