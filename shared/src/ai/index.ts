export * from './operator-intent.js';
export * from './html-text.js';
export * from './conversation-record.js';
