export * from './nodes.js';
export * from './errors.js';
export * from './tree.js';
export * from './operations.js';
export * from './history.js';
export * from './clipboard.js';
export * from './zoom.js';
export * from './keymap.js';
