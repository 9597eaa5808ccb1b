export * from './company.js';
