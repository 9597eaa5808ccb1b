export * from './plain-object.js';
