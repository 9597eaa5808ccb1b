export * from './errors.js';
export * from './sync-config.js';
export * from './files.js';
export * from './whatsapp.js';
export * from './google-auth.js';
export * from './campaigns.js';
export * from './conditions.js';
export * from './ai.js';
