export * from './policy.js';
export * from './hostile-html.js';
