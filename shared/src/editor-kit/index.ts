export * from './commands.js';
export * from './history.js';
export * from './json-changes.js';
export * from './keys.js';
export * from './value-sync.js';
