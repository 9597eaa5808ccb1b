export * from './channels.js';
export * from './facts.js';
export * from './fiscal.js';
export * from './rules.js';
export * from './evaluate.js';
