export * from './plain-object.js';
export * from './field-diff.js';
