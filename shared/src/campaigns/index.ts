export * from './send-plan.js';
export * from './template.js';
export * from './report.js';
export * from './segment.js';
export * from './gift-rules.js';
export * from './template-errors.js';
export * from './personalise.js';
export * from './send-progress.js';
