export * from './display-number.js';
