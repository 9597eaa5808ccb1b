export * from './assistant-loop.js';
