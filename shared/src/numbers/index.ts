export * from './brazilian-number.js';
