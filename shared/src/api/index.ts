export * from './errors.js';
export * from './sync-config.js';
