export * from './phone.js';
export * from './template.js';
export * from './params.js';
export * from './status.js';
export * from './limits.js';
