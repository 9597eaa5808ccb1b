export * from './define.js';
export * from './registry.js';
