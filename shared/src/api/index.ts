export * from './errors.js';
export * from './sync-config.js';
export * from './files.js';
export * from './collection-import.js';
