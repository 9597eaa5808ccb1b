export * from './claims.js';
